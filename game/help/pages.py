"""The help laid out in pages: its sections (keys, what to say, the stats, hand
histories) flowed whole into two columns a page, at any window size. Pure layout: the
caller measures text; nothing here draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Wrap = Callable[[str, int, bool], list[str]]
"""Lines of a text no wider than a width (bold or not), every word kept."""
Flow = Callable[[tuple[str, ...], int], list[str]]
"""Whole items (examples) joined into lines no wider than a width."""


@dataclass(frozen=True, slots=True)
class Section:
    """A heading, its rows (a name and what it means; a name of "" is a paragraph), and
    whether the meanings are whole examples joined by " · " (never split)."""

    title: str
    rows: tuple[tuple[str, str | tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Item:
    """One thing drawn in a column: a heading, or a row's name lines and meaning lines."""

    heading: str
    name: tuple[str, ...] = ()
    meaning: tuple[str, ...] = ()

    @property
    def lines(self) -> int:
        return 1 if self.heading else max(len(self.name), len(self.meaning), 1)


Page = tuple[tuple[Item, ...], ...]
"""A page: its columns, each a run of items from the top."""


def items(sections: tuple[Section, ...], name_w: int, meaning_w: int, full_w: int,
          wrap: Wrap, flow: Flow) -> list[list[Item]]:
    """Each section as items: its heading, then its rows wrapped to the widths (a
    paragraph spans the whole column and stays in one piece)."""
    out = []
    for section in sections:
        run = [Item(section.title)]
        for name, meaning in section.rows:
            if isinstance(meaning, tuple):
                run.append(Item("", tuple(wrap(name, name_w, True)),
                                tuple(flow(meaning, meaning_w))))
            elif name:
                run.append(Item("", tuple(wrap(name, name_w, True)),
                                tuple(wrap(meaning, meaning_w, False))))
            else:  # a paragraph: kept whole in one column
                run.append(Item("", (), tuple(wrap(meaning, full_w, False))))
        out.append(run)
    return out


def paginate(sections: list[list[Item]], rows: int, columns: int = 2) -> list[Page]:
    """Flow the sections' items into columns of ``rows`` text lines, ``columns`` to a
    page: a row is never split; a heading never ends a column; a section carried into
    a new column starts with its heading again ("Keys, continued")."""
    pages: list[Page] = []
    page: list[tuple[Item, ...]] = []
    column: list[Item] = []
    used = 0

    def close_column() -> None:
        nonlocal column, used, page
        page.append(tuple(column))
        column, used = [], 0
        if len(page) == columns:
            pages.append(tuple(page))
            page = []

    for run in sections:
        heading, body = run[0], run[1:]
        if column and used + 1 + (body[0].lines if body else 0) + 1 > rows:
            close_column()
        if column:
            used += 1  # a blank line between sections
        column.append(heading)
        used += 1
        for item in body:
            if used + item.lines > rows and len(column) > 1:
                close_column()
                column.append(Item(f"{heading.heading}, continued"))
                used = 1
            column.append(item)
            used += item.lines
    if column:
        close_column()
    if page:
        pages.append(tuple(page))
    return pages or [()]
