#!/usr/bin/env python3
"""Is the test suite green on every run, and how long does it take? Prints pass counts
and wall and CPU times.

Two modes:

* ``--clones N`` (the default, N=1): clone the repository afresh N times, one after
  another, and run ``./dev.sh test`` in each clone (its own new ``.venv``: setup is
  timed with the tests). ``--clones 0`` skips this.
* ``--repeat K TEST [TEST ...]``: run each named test (a pytest node id) K times in a
  row, in one ``pytest -n 0`` process a test (``--separate``: a process a run), in this
  checkout (or, with ``--in-clone``, in one fresh clone set up once).

``--load B`` runs B busy processes (a Python loop each) beside the runs, as other work on
a shared machine would; each stops by itself after ``--load-limit`` seconds and all are
killed when the script ends. The machine's load average is printed before and after
each run, so a figure says what it was measured under.

Examples::

    scripts/suite_steadiness.py --clones 5                 # five fresh clones, quiet
    scripts/suite_steadiness.py --clones 2 --load 2        # two beside two busy loops
    scripts/suite_steadiness.py --clones 0 --load 2 --repeat 20 \\
        tests/game/test_faults.py::test_kill_9_during_autoplay_loses_and_invents_no_chip

The exit status is 0 when every run passed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOLDEM_OFFLINE": "1"}
SUMMARY = re.compile(r"=* ?(.*\b(?:passed|failed|error|errors|no tests ran)\b.*) in "
                     r"([\d.]+)s")


@dataclass(frozen=True, slots=True)
class Run:
    """One run's result: what pytest said, its exit status and what it cost."""

    what: str
    ok: bool
    summary: str  # pytest's closing counts ("2449 passed, 3 skipped"), or why none
    wall_s: float
    cpu_s: float  # user + system of the run and everything it started
    pytest_s: float | None  # pytest's own "in N s"
    load_before: float
    load_after: float


def load_average() -> float:
    """The machine's one-minute load average."""
    return round(os.getloadavg()[0], 2)


def children_cpu() -> float:
    """User + system seconds of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(what: str, argv: Sequence[str], cwd: Path, log: Path,
          extra: dict[str, str] | None = None) -> Run:
    """Run ``argv`` in ``cwd`` with its output to ``log``; its result and costs."""
    env = {**os.environ, **HEADLESS, **(extra or {})}
    env.pop("VIRTUAL_ENV", None)
    before, cpu0, t0 = load_average(), children_cpu(), time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        code = subprocess.call(list(argv), cwd=cwd, env=env, stdout=out,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    wall, cpu = time.monotonic() - t0, children_cpu() - cpu0
    summary, pytest_s = f"exit {code}, no pytest summary (see {log})", None
    for line in reversed(log.read_text(encoding="utf-8", errors="replace").splitlines()):
        found = SUMMARY.search(line)
        if found:
            summary, pytest_s = found.group(1).strip("= "), float(found.group(2))
            break
    return Run(what, code == 0, summary, round(wall, 1), round(cpu, 1), pytest_s,
               before, load_average())


REPEAT_PLUGIN = """\
import os


def _again(item):
    if not hasattr(item, "callspec") and not hasattr(item, "_fixtureinfo"):
        return item
    kwargs = {"callspec": item.callspec} if hasattr(item, "callspec") else {}
    return type(item).from_parent(item.parent, name=item.name, callobj=item.obj,
                                  fixtureinfo=item._fixtureinfo, keywords=item.keywords,
                                  originalname=item.originalname, **kwargs)


def pytest_collection_modifyitems(items):
    times = int(os.environ["STEADINESS_REPEAT"])
    items[:] = [item if k == 0 else _again(item) for item in items for k in range(times)]
"""
"""Runs each collected test ``STEADINESS_REPEAT`` times in a row in one pytest process."""


def junit_cases(xml: Path) -> list[tuple[bool, float]]:
    """Each test case's outcome and seconds, in order, from pytest's JUnit XML."""
    if not xml.exists():
        return []
    cases = ElementTree.parse(xml).getroot().iter("testcase")
    return [(not any(child.tag in ("failure", "error", "skipped") for child in case),
             float(case.get("time", "0"))) for case in cases]


def fresh_clone(source: Path, rev: str, into: Path) -> Path:
    """A clone of ``source`` at ``rev`` in a new folder under ``into``."""
    dest = Path(tempfile.mkdtemp(prefix="clone-", dir=into))
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(source), str(dest)],
                   check=True)
    subprocess.run(["git", "-C", str(dest), "checkout", "--quiet", "--detach", rev],
                   check=True)
    return dest


@contextlib.contextmanager
def busy(count: int, limit: float) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` processes each keeping a core busy for at most ``limit`` seconds; all
    killed on leaving."""
    loop = f"import time\nend = time.monotonic() + {limit}\nwhile time.monotonic() < end: pass"
    procs = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(count)]
    try:
        yield procs
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def report(run: Run) -> None:
    pytest_s = "" if run.pytest_s is None else f", pytest {run.pytest_s:.0f} s"
    print(f"{'PASS' if run.ok else 'FAIL'}  {run.what}: {run.summary}; wall {run.wall_s:.0f} s"
          f"{pytest_s}, CPU {run.cpu_s:.0f} s; load {run.load_before} -> {run.load_after}",
          flush=True)


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {round(seconds % 60):02d} s"


def tally(title: str, runs: list[Run]) -> None:
    if not runs:
        return
    walls = sorted(r.wall_s for r in runs)
    cpus = sorted(r.cpu_s for r in runs)
    print(f"{title}: {sum(r.ok for r in runs)} of {len(runs)} green; wall "
          f"{minutes(walls[0])} - {minutes(walls[-1])}, CPU {minutes(cpus[0])} - "
          f"{minutes(cpus[-1])}; load {min(r.load_before for r in runs)} - "
          f"{max(r.load_after for r in runs)}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clones", type=int, default=1,
                        help="fresh clones to run ./dev.sh test in, one after another")
    parser.add_argument("--repeat", type=int, default=0, metavar="K",
                        help="run the named tests K times in a row")
    parser.add_argument("tests", nargs="*", help="pytest node ids for --repeat")
    parser.add_argument("--separate", action="store_true",
                        help="--repeat each run in a pytest process of its own")
    parser.add_argument("--in-clone", action="store_true",
                        help="--repeat in a fresh clone rather than this checkout")
    parser.add_argument("--load", type=int, default=0, metavar="B",
                        help="busy processes beside the runs")
    parser.add_argument("--load-limit", type=float, default=3600.0,
                        help="seconds each busy process runs at most")
    parser.add_argument("--source", type=Path, default=ROOT, help="repository to clone")
    parser.add_argument("--rev", default="HEAD", help="commit to test (default HEAD)")
    parser.add_argument("--pytest-args", default="",
                        help="more options for ./dev.sh test (one string)")
    parser.add_argument("--work", type=Path, default=None,
                        help="folder for the clones and logs (default: a new temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the clones")
    parser.add_argument("--json", type=Path, default=None, help="append each run as JSON")
    args = parser.parse_args(argv)
    if args.repeat and not args.tests:
        parser.error("--repeat needs the tests to run")

    rev = subprocess.run(["git", "-C", str(args.source), "rev-parse", args.rev], check=True,
                         capture_output=True, text=True).stdout.strip()
    work = args.work or Path(tempfile.mkdtemp(prefix="holdem-steadiness-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"commit {rev[:12]}, {os.cpu_count()} cores, {args.load} busy processes, "
          f"logs in {work}", flush=True)
    clone_runs: list[Run] = []
    repeat_runs: list[Run] = []

    def record(run: Run, into: list[Run]) -> None:
        into.append(run)
        report(run)
        if args.json is not None:
            with args.json.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"commit": rev, "busy": args.load, **asdict(run)}) + "\n")

    with busy(args.load, args.load_limit):
        for n in range(args.clones):
            clone = fresh_clone(args.source, rev, work)
            try:
                command = ["./dev.sh", "test", *args.pytest_args.split()]
                record(timed(f"fresh clone {n + 1}, ./dev.sh test", command, clone,
                             work / f"clone-{n + 1}.log"), clone_runs)
            finally:
                if not args.keep:
                    shutil.rmtree(clone, ignore_errors=True)
        if args.repeat:
            place = ROOT
            if args.in_clone:
                place = fresh_clone(args.source, rev, work)
                setup = timed("setup", ["./dev.sh", "test", "--collect-only", "-q"], place,
                              work / "setup.log")
                report(setup)
            python = str(place / ".venv" / "bin" / "python")
            pytest = [python, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider"]
            for test in args.tests:
                name = test.rsplit("/", 1)[-1]
                if args.separate:
                    for k in range(args.repeat):
                        record(timed(f"{name} #{k + 1}", [*pytest, test], place,
                                     work / f"repeat-{len(repeat_runs)}.log"), repeat_runs)
                    continue
                xml = work / f"repeat-{len(repeat_runs)}.xml"
                (work / "steadiness_repeat.py").write_text(REPEAT_PLUGIN, encoding="utf-8")
                whole = timed(f"{name} x{args.repeat}",
                              [*pytest, "-p", "steadiness_repeat", f"--junitxml={xml}", test],
                              place, xml.with_suffix(".log"),
                              {"STEADINESS_REPEAT": str(args.repeat), "PYTHONPATH": str(work)})
                cases = junit_cases(xml)
                if len(cases) != args.repeat or not whole.ok:  # counted whole: it failed
                    record(whole, repeat_runs)
                else:
                    report(whole)
                for k, (ok, seconds) in enumerate(cases):
                    record(Run(f"{name} #{k + 1}", ok, "passed" if ok else "failed",
                               round(seconds, 1), 0.0, seconds, whole.load_before,
                               whole.load_after), repeat_runs)
            if args.in_clone and not args.keep:
                shutil.rmtree(place, ignore_errors=True)
    tally(f"fresh clones ({args.load} busy processes)", clone_runs)
    for test in args.tests:
        name = test.rsplit("/", 1)[-1]
        tally(f"{name} ({args.load} busy processes)",
              [r for r in repeat_runs if r.what.startswith(f"{name} ")])
    runs = clone_runs + repeat_runs
    return 0 if runs and all(r.ok for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
