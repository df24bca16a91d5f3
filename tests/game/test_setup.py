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
    fresh environment; setuptools' "Editable installation" block read as a failure. The
    test environment's own pip (as new as dev.sh's) installs into the fresh one, which
    saves building and upgrading a second pip."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    out = subprocess.run([*pip, "install", "-q", "--no-deps", "-e", str(ROOT)], env=env,
                         capture_output=True, text=True, timeout=300, check=True)
    assert list((venv / "lib").glob("python*/site-packages/*holdem_voice*.pth")), \
        "the game was not installed into the fresh environment"
    printed = out.stdout + out.stderr
    assert "BuildBackendWarning" not in printed and "Editable installation" not in printed, \
        printed


def _dev_sh(tmp_path: Path, command: str) -> tuple[str, str]:
    """``./dev.sh COMMAND`` in a copy of the repository's setup files whose venv is a
    stand-in: its python logs each call (an install), its holdem and pytest say they ran,
    and every system package reads as installed. What the stand-in logged, and stdout."""
    for name in ("dev.sh", "pyproject.toml"):
        if not (tmp_path / name).exists():
            (tmp_path / name).write_text((ROOT / name).read_text("utf-8"), "utf-8")
    bin_dir, fake = tmp_path / ".venv" / "bin", tmp_path / "fake"
    bin_dir.mkdir(parents=True, exist_ok=True)
    fake.mkdir(exist_ok=True)
    log = tmp_path / "installs.log"
    scripts = {bin_dir / "python": f'echo "$*" >> {log}\n',
               bin_dir / "holdem": "echo holdem ran\n",
               bin_dir / "ruff": "", bin_dir / "mypy": "",
               fake / "dpkg-query": "echo 'install ok installed'\n"}
    for path, body in scripts.items():
        path.write_text("#!/bin/sh\n" + body, "utf-8")
        path.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}
    out = subprocess.run(["bash", str(tmp_path / "dev.sh"), command], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    return (log.read_text("utf-8") if log.exists() else ""), out.stdout


def test_play_after_test_does_not_reinstall(tmp_path: Path) -> None:
    """``./dev.sh test`` installs the game with its test tools: the first ``./dev.sh play``
    after it uses that install (issue 36 saw it reinstall every package)."""
    installed, _ = _dev_sh(tmp_path, "test")
    assert "pip install -q -e .[test]" in installed
    (tmp_path / "installs.log").unlink()
    installed, out = _dev_sh(tmp_path, "play")
    assert installed == "" and out.strip() == "holdem ran"
    (tmp_path / "pyproject.toml").write_text("# changed\n", "utf-8")  # a new pyproject
    installed, _ = _dev_sh(tmp_path, "play")
    assert "pip install -q -e ." in installed
