"""The README's system-packages table names exactly the packages ``dev.sh`` installs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_system_packages_table_matches_dev_sh() -> None:
    script = (ROOT / "dev.sh").read_text(encoding="utf-8")
    listed = re.search(r"^SYSTEM_PACKAGES=\(([^)]*)\)", script, re.MULTILINE)
    assert listed is not None
    installed = set(listed.group(1).split())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## System packages", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {name for row in rows for name in re.findall(r"`([^`]+)`", row)}
    assert documented == installed
