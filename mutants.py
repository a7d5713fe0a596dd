"""A mutation run of the rules core with mutmut (python build.py mutants [MODULE ...] [--workers N]).

mutmut changes one thing at a time in the modules it mutates (an operator, a constant, a
comparison) and runs the unit tests that reach the changed function; a mutant the tests let
through (a survivor) is either a gap in the tests or a change that means the same (an equivalent
mutant). The run works in a copy of the project (``$PYFUDGE_MUTANTS``, default a folder under the
system's temporary directory), so the worktree stays clean, and reruns there reuse mutmut's
results. The whole core takes hours on two cores: name the modules to run. Survivors are written
to ``survivors.txt`` in that folder, with their diffs. docs/mutation.md records the runs.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# The rules core: the ladder and dice, the actions (with the NPC shortcut and story elements), damage
# (with its options and armour) and its factors, the wound track (levels, options, kinds of track)
# and healing, the combat package and the encounter's replay (its events, state and rounds).
CORE = ("core/ladder", "core/dice", "rules/actions", "rules/npc_shortcut", "rules/story_elements", "rules/damage",
        "rules/damage_options", "rules/damage_armor", "rules/factors", "rules/wound_levels", "rules/wound_options",
        "rules/track_kinds", "rules/wound_track", "rules/wounds", "rules/healing", "combat",
        "encounter/log", "encounter/state", "encounter/rounds")
# Tests that time the code: mutmut's trampolines (and a mutant's extra loops) make every call slower.
TIMED = ("test_codec.py::test_zip_bomb_is_refused_before_it_is_inflated",
         "test_codec.py::test_nesting_is_capped_before_parsing_even_a_million_deep",
         "test_codec.py::test_brackets_inside_strings_do_not_count_as_nesting",
         "test_forecast.py::test_default_simulation_stops_at_its_budget_and_shows_its_size")
COPIED = ("pyfudge", "tests", "pyproject.toml", "build.py", "bench.py", "harness.py", "mutants.py",
          "bench_report.py", "import_graph.py", "docs", "bench", "site")


def module_paths(names: list[str]) -> list[str]:
    """The source files of the named modules of pyfudge/, by path under pyfudge/ or by file name
    ("rules/damage" or "damage"; "combat" is the whole package, "combat/melee" one file). The
    rules core is the default; the table's own modules (encounter/round_view, rules/catalogue…)
    are named the same way."""
    package = ROOT / "pyfudge"
    by_file: dict[str, list[str]] = {}
    for path in sorted(package.glob("*/*.py")):
        by_file.setdefault(path.stem, []).append(path.relative_to(package).with_suffix("").as_posix())
    out = []
    for name in names:
        name = name.removesuffix(".py").removeprefix("pyfudge/")
        if "/" not in name and name != "combat":
            found = by_file.get(name, [])
            if len(found) > 1:
                raise SystemExit(f"mutants: {name!r} names {' and '.join(found)}: give the folder")
            name = found[0] if found else name
        path = package / (name + ("" if name == "combat" else ".py"))
        if not path.exists():
            raise SystemExit(f"mutants: no such module pyfudge/{name}.py")
        out.append("pyfudge/combat/*" if name == "combat" else f"pyfudge/{name}.py")
    return out


def prepare(work: Path, patterns: list[str], tests: list[str]) -> None:
    """Copy the project into ``work`` (keeping mutmut's earlier results in work/mutants) and
    write the mutmut configuration for ``patterns``, run against ``tests`` (paths under tests/)."""
    work.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        src, dst = ROOT / name, work / name
        if dst.is_dir():
            shutil.rmtree(dst)
        elif dst.exists():
            dst.unlink()
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, dst)
    # mutmut reads setup.cfg when pyproject.toml has no [tool.mutmut]: the project's file stays as it is.
    (work / "setup.cfg").write_text(
        "[mutmut]\nsource_paths=pyfudge\n"
        "only_mutate=\n" + "".join(f"    {p}\n" for p in patterns)
        + "pytest_add_cli_args_test_selection=\n" + "".join(f"    {t}\n" for t in tests)
        # The hypothesis database would carry examples found for one mutant into the next.
        # mutmut runs pytest inside its mutants/ copy and takes the working directory off sys.path:
        # pytest's pythonpath puts that copy back, so the tests import the mutated pyfudge.
        + "pytest_add_cli_args=-p\n    no:cacheprovider\n    --hypothesis-profile=mutants\n"
        + "    -o\n    pythonpath=.\n"
        # The build's and the benchmark's own tests: no rule in them, and their tools are not copied.
        + "    --ignore=tests/test_build.py\n    --ignore=tests/test_bench.py\n"
        + "".join(f"    --deselect=tests/{t}\n" for t in TIMED),
        encoding="utf-8")


SHOW = "import sys\nfrom mutmut.__main__ import show\nfor name in sys.argv[1:]:\n    show.callback(name)\n"


def survivors(work: Path, env: dict) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "mutmut", "results"], cwd=work, env=env,
                         capture_output=True, text=True).stdout
    return [line.split(":")[0].strip() for line in out.splitlines() if line.strip().endswith(": survived")]


def tally(work: Path, env: dict) -> dict[str, dict[str, int]]:
    """Per source file: how many mutants ended how (killed, survived, timeout, ...)."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work, env=env,
                         capture_output=True, text=True).stdout
    counts: dict[str, dict[str, int]] = {}
    for line in out.splitlines():
        m = re.match(r"\s*(pyfudge\.[\w.]+?)\.x[\w]*__mutmut_\d+: (.+)$", line)
        if m:
            module, status = m.group(1), m.group(2).strip()
            counts.setdefault(module, {}).setdefault(status, 0)
            counts[module][status] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py mutants", description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=list(CORE),
                        help=f"modules of pyfudge/ to mutate (default the rules core: {' '.join(CORE)})")
    parser.add_argument("--workers", type=int, default=1, help="test processes at once (default 1)")
    parser.add_argument("--tests", action="append", default=[], metavar="PATH",
                        help="only these test files (e.g. tests/test_dice.py; default all of tests/): a "
                             "mutant another test would kill then counts as a survivor, never the reverse")
    parser.add_argument("--only", action="append", default=[], metavar="GLOB",
                        help="only these mutants (mutmut's names, e.g. 'pyfudge.rules.damage.x_subjective_wound*')")
    args = parser.parse_args(argv)
    work = Path(os.environ.get("PYFUDGE_MUTANTS") or Path(tempfile.gettempdir()) / "pyfudge-mutants")
    patterns = module_paths(args.modules)
    prepare(work, patterns, args.tests or ["tests"])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = 0
    # Module by module (or the --only globs): each one's results are whole before the next starts.
    runs = args.only or [p.removesuffix(".py").removesuffix("/*").replace("/", ".") + ".*" for p in patterns]
    for glob in runs:
        started = time.monotonic()
        code |= subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.workers), glob],
                               cwd=work, env=env).returncode
        print(f"mutants: {glob} took {(time.monotonic() - started) / 60:.1f} min", flush=True)
    # One process shows every survivor's diff (mutmut's own `show`; a process each took minutes).
    shown = subprocess.run([sys.executable, "-c", SHOW, *survivors(work, env)], cwd=work, env=env,
                           capture_output=True, text=True).stdout
    (work / "survivors.txt").write_text(shown, encoding="utf-8")
    print(f"\nmutants: survivors with their diffs in {work / 'survivors.txt'}")
    for module, counts in sorted(tally(work, env).items()):
        print(f"  {module}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return code


if __name__ == "__main__":
    sys.exit(main())
