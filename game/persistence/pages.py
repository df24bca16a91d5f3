"""Reading a damaged SQLite file page by page, without its b-trees.

SQLite finds a row by walking its table's b-tree from the root; when a page above a leaf
is lost (a file cut short, pages overwritten) the rows on the surviving leaves can't be
reached by any query, although they are still whole in the file. This reads every page
on its own, following the file format (https://www.sqlite.org/fileformat2.html): the
b-tree page header, the cell pointer array, varints, the record format and overflow
chains. It yields each cell's record; the caller decides which table a record belongs to
by its shape. A page or cell that doesn't parse is skipped, never guessed at.

A ``-wal`` journal beside the file is read too: its committed frames are newer copies of
pages and replace the main file's.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR = 13, 5, 10, 2
DEFAULT_PAGE_SIZE = 4096

Value = int | float | str | bytes | None


class BadCell(Exception):
    """A cell that does not parse (damaged bytes); it is skipped."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One b-tree cell's record. ``rowid`` is the key of a table-leaf cell (None for an
    index cell, which is also how a WITHOUT ROWID table stores its rows)."""

    page: int
    rowid: int | None
    values: tuple[Value, ...]


@dataclass(slots=True)
class PagedFile:
    """The file's pages (1-based), the WAL's committed copies on top."""

    data: bytes
    page_size: int
    usable: int
    newer: dict[int, bytes]

    @classmethod
    def of(cls, data: bytes, wal: bytes | None = None) -> PagedFile:
        page_size, reserved = DEFAULT_PAGE_SIZE, 0
        if data.startswith(MAGIC) and len(data) >= 100:
            size = struct.unpack_from(">H", data, 16)[0]
            size = 65536 if size == 1 else size
            if size >= 512 and size & (size - 1) == 0:
                page_size, reserved = size, data[20]
        newer = committed_frames(wal, page_size) if wal else {}
        return cls(data, page_size, page_size - reserved, newer)

    @property
    def count(self) -> int:
        """Pages present (a last partial page counts: its start may be whole)."""
        whole = -(-len(self.data) // self.page_size)
        return max([whole, *self.newer])

    def page(self, number: int) -> bytes:
        if number in self.newer:
            return self.newer[number]
        start = (number - 1) * self.page_size
        return self.data[start:start + self.page_size]


def committed_frames(wal: bytes, page_size: int) -> dict[int, bytes]:
    """Page copies from a WAL's frames up to its last commit (frames of an unfinished
    transaction, or of an older generation of the log, are left out)."""
    if len(wal) < 32 or struct.unpack_from(">I", wal, 0)[0] not in WAL_MAGIC:
        return {}
    size = struct.unpack_from(">I", wal, 8)[0]
    if size != page_size:
        return {}
    salts = wal[16:24]
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    at = 32
    while at + 24 + size <= len(wal):
        number, commit = struct.unpack_from(">II", wal, at)
        if wal[at + 8:at + 16] != salts or number == 0:
            break
        pending[number] = wal[at + 24:at + 24 + size]
        if commit:
            pages.update(pending)
            pending = {}
        at += 24 + size
    return pages


def varint(buf: bytes, at: int) -> tuple[int, int]:
    """The varint at ``at`` and the offset after it (1-9 bytes, big-endian)."""
    value = 0
    for i in range(8):
        if at + i >= len(buf):
            raise BadCell("varint runs off the page")
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    if at + 8 >= len(buf):
        raise BadCell("varint runs off the page")
    return (value << 8) | buf[at + 8], at + 9


def _signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def record(payload: bytes) -> tuple[Value, ...]:
    """The values of one record: a header of serial types, then the bodies."""
    header_size, at = varint(payload, 0)
    if not 1 <= header_size <= len(payload):
        raise BadCell("record header out of range")
    types = []
    while at < header_size:
        kind, at = varint(payload, at)
        types.append(kind)
    if at != header_size:
        raise BadCell("record header overruns")
    values: list[Value] = []
    body = header_size
    for kind in types:
        if kind == 0:
            values.append(None)
        elif kind in _INT_SIZES:
            n = _INT_SIZES[kind]
            if body + n > len(payload):
                raise BadCell("record body cut short")
            values.append(int.from_bytes(payload[body:body + n], "big", signed=True))
            body += n
        elif kind == 7:
            if body + 8 > len(payload):
                raise BadCell("record body cut short")
            values.append(struct.unpack_from(">d", payload, body)[0])
            body += 8
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind >= 12:
            n = (kind - 12) // 2
            if body + n > len(payload):
                raise BadCell("record body cut short")
            raw = payload[body:body + n]
            body += n
            if kind % 2:
                try:
                    values.append(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    raise BadCell("text is not UTF-8") from None
            else:
                values.append(raw)
        else:
            raise BadCell(f"reserved serial type {kind}")
    if body != len(payload):
        raise BadCell("record length does not match its header")
    return tuple(values)


def _local_size(total: int, usable: int, table: bool) -> int:
    """How much of a payload of ``total`` bytes is kept on the b-tree page itself."""
    most = usable - 35 if table else (usable - 12) * 64 // 255 - 23
    if total <= most:
        return total
    least = (usable - 12) * 32 // 255 - 23
    spill = least + (total - least) % (usable - 4)
    return spill if spill <= most else least


def _payload(file: PagedFile, page: bytes, at: int, total: int, table: bool) -> bytes:
    """A cell's whole payload, following its overflow chain."""
    local = _local_size(total, file.usable, table)
    if at + local > len(page):
        raise BadCell("cell runs off the page")
    parts = [page[at:at + local]]
    have = local
    if local < total:
        if at + local + 4 > len(page):
            raise BadCell("overflow pointer runs off the page")
        next_page = struct.unpack_from(">I", page, at + local)[0]
        seen: set[int] = set()
        while have < total:
            if next_page == 0 or next_page in seen or next_page > file.count:
                raise BadCell("overflow chain broken")
            seen.add(next_page)
            overflow = file.page(next_page)
            if len(overflow) < file.usable:
                raise BadCell("overflow page cut short")
            chunk = overflow[4:file.usable][:total - have]
            parts.append(chunk)
            have += len(chunk)
            next_page = struct.unpack_from(">I", overflow, 0)[0]
    return b"".join(parts)


def page_cells(file: PagedFile, number: int) -> Iterator[Cell]:
    """The records on one page, if it is a table-leaf or index page (interior table pages
    hold only keys and are skipped)."""
    page = file.page(number)
    start = 100 if number == 1 else 0
    if len(page) < start + 8:
        return
    kind = page[start]
    if kind not in (TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR):
        return
    cells, content = struct.unpack_from(">HH", page, start + 3)
    header = start + (8 if kind in (TABLE_LEAF, INDEX_LEAF) else 12)
    content = 65536 if content == 0 else content
    if header + 2 * cells > min(content, len(page)):
        return  # not a b-tree page after all, or its header is damaged
    for k in range(cells):
        (at,) = struct.unpack_from(">H", page, header + 2 * k)
        if not content <= at < len(page):
            continue
        try:
            yield _cell(file, page, kind, at, number)
        except (BadCell, struct.error):
            continue


def _cell(file: PagedFile, page: bytes, kind: int, at: int, number: int) -> Cell:
    if kind == INDEX_INTERIOR:
        at += 4  # the left child's page number
    total, at = varint(page, at)
    rowid = None
    if kind == TABLE_LEAF:
        key, at = varint(page, at)
        rowid = _signed(key)
    payload = _payload(file, page, at, total, kind == TABLE_LEAF)
    return Cell(number, rowid, record(payload))


def cells(data: bytes, wal: bytes | None = None,
          keep: Callable[[Cell], bool] = lambda _: True) -> Iterator[Cell]:
    """Every readable record in the file (its WAL's committed pages included)."""
    file = PagedFile.of(data, wal)
    for number in range(1, file.count + 1):
        for cell in page_cells(file, number):
            if keep(cell):
                yield cell
