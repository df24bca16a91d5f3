"""The resident memory of a process and its descendants, sampled while it runs (Linux:
``/proc``), for ``bench_voice_turns.py --memory``.

At each sample the resident sets (``VmRSS``) of the process and every descendant are
summed; the largest sum is the peak, kept with each process's share of it and the
proportional sum (``Pss``: a shared library's pages counted once between them).
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

PROC = Path("/proc")


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    out = [pid]
    for task in (PROC / str(pid) / "task").glob("*/children"):
        try:
            out += [p for child in task.read_text().split() for p in _descendants(int(child))]
        except (OSError, ValueError):
            continue
    return out


def _field_mb(path: Path, name: str) -> float:
    """A ``kB`` field of a /proc status file, in MB (0 when the process has gone)."""
    try:
        for line in path.read_text().splitlines():
            if line.startswith(name):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


def _name(pid: int) -> str:
    try:
        words = (PROC / str(pid) / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    module = words.index(b"-m") + 1 if b"-m" in words else 0
    return (words[module] if module < len(words) else words[0]).decode(errors="replace")


@dataclass(slots=True)
class Peak:
    """The largest summed resident memory seen (MB), each process's share of it by
    name, and the proportional sum at that moment."""

    total: float = 0.0
    each: dict[str, float] = field(default_factory=dict)
    proportional: float = 0.0
    samples: int = 0


def watch(process: subprocess.Popen[str], every: float = 0.1) -> Peak:
    """Sample ``process`` and its descendants every ``every`` seconds until it ends."""
    peak = Peak()
    while process.poll() is None:
        tree = _descendants(process.pid)
        each = {pid: _field_mb(PROC / str(pid) / "status", "VmRSS:") for pid in tree}
        total = sum(each.values())
        peak.samples += 1
        if total > peak.total:
            peak.total = total
            peak.each = {f"{_name(pid)} ({pid})": mb for pid, mb in each.items()}
            peak.proportional = sum(_field_mb(PROC / str(pid) / "smaps_rollup", "Pss:")
                                    for pid in tree)
        time.sleep(every)
    return peak
