"""How a chip amount is written: one formatter for the table, the log, every refusal and
every spoken or printed message, so "1,040" never appears as "1040" anywhere."""

from __future__ import annotations


def chip_text(amount: int) -> str:
    """``amount`` with thousands separators: ``chip_text(1040) == "1,040"``."""
    return f"{amount:,}"
