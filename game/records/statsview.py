"""Player stats as rows of cells: for ``holdem stats`` (a text table) and the stats panel."""

from __future__ import annotations

from collections.abc import Mapping

from game.records.stats import PlayerStats

HEADER = ("Player", "Hands", "VPIP", "PFR", "Aggr", "WTSD", "W$SD", "SD won", "Net")


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}%"


def stats_rows(stats: Mapping[str, PlayerStats]) -> list[tuple[str, ...]]:
    """One row per player, most hands first (the header is ``HEADER``)."""
    rows: list[tuple[str, ...]] = []
    for s in sorted(stats.values(), key=lambda p: (-p.hands, p.name)):
        rows.append((s.name, str(s.hands), _pct(s.vpip), _pct(s.pfr),
                     "—" if s.aggression is None else f"{s.aggression:.2f}",
                     _pct(s.wtsd), _pct(s.wsd), str(s.showdown_wins), f"{s.net:+,}"))
    return rows


def text_table(stats: Mapping[str, PlayerStats]) -> str:
    """Aligned columns, or a sentence when nobody has played."""
    rows = stats_rows(stats)
    if not rows:
        return "  (no hands yet)"
    table = [HEADER, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(HEADER))]
    lines = []
    for row in table:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in
                                             zip(row[1:], widths[1:], strict=True)]
        lines.append("  " + "  ".join(cells))
    return "\n".join(lines)
