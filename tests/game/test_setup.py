"""Setup a newcomer meets: the README's system packages are dev.sh's, a first install
prints no warning block, and ``-o -`` means standard output (issue 21, part 8)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.paths import data_dir
from tests.game.saved import saved_store

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_lists_exactly_dev_shs_system_packages() -> None:
    line = re.search(r"^SYSTEM_PACKAGES=\(([^)]*)\)", (ROOT / "dev.sh").read_text("utf-8"),
                     re.MULTILINE)
    assert line is not None
    installed = line.group(1).split()
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## System packages", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `([^`]+)` \|", section, re.MULTILINE)
    assert listed == installed


def test_export_dash_o_dash_writes_to_standard_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    saved_store(data_dir(), hands=2)
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--hand", "1", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("PokerStars Hand #1:")
    assert not (tmp_path / "-").exists()


@pytest.mark.slow
def test_an_editable_install_prints_no_warning_block(tmp_path: Path) -> None:
    """What dev.sh's first run does (an up-to-date pip, then ``pip install -e``), into a
    fresh environment; setuptools' "Editable installation" block read as a failure."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True, env=env,
                   capture_output=True, timeout=300)
    out = subprocess.run([*pip, "install", "-q", "--no-deps", "-e", str(ROOT)], env=env,
                         capture_output=True, text=True, timeout=300, check=True)
    printed = out.stdout + out.stderr
    assert "BuildBackendWarning" not in printed and "Editable installation" not in printed, \
        printed
