"""Notes on the bots, written by the player from a bot's seat and kept with the table:
one JSON file beside the save file, by table and seat, each note with the name it was
written about (a note never passes to another player who takes the seat)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

NOTES_FILE = "notes.json"
MAX_NOTE = 200  # characters: a line or two, as the dialog shows it


@dataclass(slots=True)
class NoteBook:
    """The notes on one table's seats; ``path`` None keeps them for this run only."""

    path: Path | None
    table: int
    notes: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat: (name, text)

    @classmethod
    def open(cls, folder: Path | None, table: int | None) -> NoteBook:
        """The table's notes from ``folder``; an unreadable file gives none (and is
        replaced at the next note, never crashing the table)."""
        if folder is None or table is None:
            return cls(None, -1)
        book = cls(folder / NOTES_FILE, table)
        for seat, entry in _read(book.path).get(str(table), {}).items():
            if isinstance(entry, dict) and isinstance(entry.get("text"), str) \
                    and isinstance(entry.get("name"), str) and seat.isdigit():
                book.notes[int(seat)] = (entry["name"], entry["text"][:MAX_NOTE])
        return book

    def note(self, seat: int, name: str) -> str:
        """The note on ``name`` in ``seat`` ("" when there is none)."""
        written = self.notes.get(seat)
        return written[1] if written is not None and written[0] == name else ""

    def write(self, seat: int, name: str, text: str) -> str | None:
        """Keep the note (an empty one removes it); a sentence when it can't be saved."""
        text = text.strip()[:MAX_NOTE]
        if text:
            self.notes[seat] = (name, text)
        else:
            self.notes.pop(seat, None)
        if self.path is None:
            return None
        data = _read(self.path)
        data[str(self.table)] = {str(s): {"name": n, "text": t}
                                 for s, (n, t) in sorted(self.notes.items())}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            spare = self.path.with_name(self.path.name + ".new")
            spare.write_text(json.dumps(data, indent=1), encoding="utf-8")
            os.replace(spare, self.path)
        except OSError as err:
            return f"The note is kept until you close the game, not saved ({err.strerror})"
        return None


def _read(path: Path | None) -> dict[str, dict[str, object]]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
