"""A mutation run of the rules core with mutmut (python build.py mutants [MODULE ...] [--workers N]).

mutmut changes one thing at a time in the modules it mutates (an operator, a constant, a
comparison) and runs the unit tests that reach the changed function; a mutant the tests let
through (a survivor) is either a gap in the tests or a change that means the same (an equivalent
mutant). The run works in a copy of the project (``$PYFUDGE_MUTANTS``, default a folder under the
system's temporary directory), so the worktree stays clean, and reruns there reuse mutmut's
results. The whole core takes hours on two cores: name the modules to run. Survivors are written
to ``survivors.txt`` in that folder, with their diffs. docs/mutation.md records the runs, and in
its standing table the commit each module's row was measured at: ``--stale`` lists the rows whose
module's code has changed since (python build.py mutants --stale).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# The rules core: the ladder and dice, the actions (with the NPC shortcut and story elements), damage
# (with its options and armour) and its factors, the wound track (levels, options, kinds of track)
# and healing, the combat package and the encounter's replay (its events, state, exchanges and rounds).
CORE = ("core/ladder", "core/dice", "rules/actions", "rules/npc_shortcut", "rules/story_elements", "rules/damage",
        "rules/damage_options", "rules/damage_armor", "rules/factors", "rules/wound_levels", "rules/wound_options",
        "rules/track_kinds", "rules/wound_track", "rules/wounds", "rules/healing", "combat",
        "encounter/log", "encounter/state", "encounter/exchange", "encounter/rounds")
# Tests that time the code: mutmut's trampolines (and a mutant's extra loops) make every call slower.
TIMED = ("test_codec.py::test_zip_bomb_is_refused_before_it_is_inflated",
         "test_codec.py::test_nesting_is_capped_before_parsing_even_a_million_deep",
         "test_codec.py::test_brackets_inside_strings_do_not_count_as_nesting",
         "test_forecast.py::test_default_simulation_stops_at_its_budget_and_shows_its_size")
COPIED = ("pyfudge", "tests", "pyproject.toml", "build.py", "bench.py", "harness.py", "mutants.py",
          "bench_report.py", "import_graph.py", "docs", "bench", "site")


def module_paths(names: list[str]) -> list[str]:
    """The source files of the named modules of pyfudge/, by path under pyfudge/ or by file name
    ("rules/damage" or "damage"; "api" or "__init__" a module at the top; "combat" is the whole
    package, "combat/melee" one file). The rules core is the default; the table's own modules
    (encounter/round_view, rules/catalogue…) are named the same way."""
    package = ROOT / "pyfudge"
    by_file: dict[str, list[str]] = {}
    for path in sorted(package.glob("*/*.py")):
        by_file.setdefault(path.stem, []).append(path.relative_to(package).with_suffix("").as_posix())
    out = []
    for name in names:
        name = name.removesuffix(".py").removeprefix("pyfudge/")
        # A file at the package's top ("api", "__init__") is itself; any other bare name, a folder's.
        if "/" not in name and name != "combat" and not (package / f"{name}.py").exists():
            found = by_file.get(name, [])
            if len(found) > 1:
                raise SystemExit(f"mutants: {name!r} names {' and '.join(found)}: give the folder")
            name = found[0] if found else name
        path = package / (name + ("" if name == "combat" else ".py"))
        if not path.exists():
            raise SystemExit(f"mutants: no such module pyfudge/{name}.py")
        out.append("pyfudge/combat/*" if name == "combat" else f"pyfudge/{name}.py")
    return out


DOC = ROOT / "docs" / "mutation.md"
STANDING = "## Where each module stands"
NOT_RUN = "—"


def package_modules(root: Path = ROOT) -> list[str]:
    """Every module of pyfudge/ that holds code, at its top (the JSON door, the command line) and
    in its folders (an ``__init__`` that only names its package has nothing to mutate), as paths
    under pyfudge/."""
    package = root / "pyfudge"
    return sorted(p.relative_to(package).as_posix() for p in [*package.glob("*.py"), *package.glob("*/*.py")]
                  if code_shape(p.read_text(encoding="utf-8")) != code_shape(""))


class _Bare(ast.NodeTransformer):
    """A module without its imports and docstrings: what mutmut mutates and the tests run."""

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        return None

    visit_ImportFrom = visit_Import

    def visit_Expr(self, node: ast.Expr) -> ast.Expr | None:
        is_text = isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        return None if is_text else node


def code_shape(source: str) -> str:
    """The module's code, compared between commits: its syntax tree without imports (the package's
    move into floors rewrote every module's imports and nothing else in most) and docstrings,
    so comments, layout and those do not make a row stale."""
    return ast.dump(_Bare().visit(ast.parse(source)))


def standing(text: str) -> list[tuple[str, str]]:
    """The (module under pyfudge/, commit or NOT_RUN) of each row of the doc's standing table;
    a doc without the table, or a table without those columns, is refused."""
    if STANDING not in text:
        raise ValueError(f"docs/mutation.md has no {STANDING!r} section")
    lines = [line for line in text.split(STANDING, 1)[1].split("\n## ", 1)[0].splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")] if lines else []
    if "module" not in header or "commit" not in header:
        raise ValueError(f"{STANDING!r}: its table needs a module and a commit column")
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != len(header):
            raise ValueError(f"{STANDING!r}: {len(cells)} cells where the header has {len(header)}: {line}")
        rows.append((cells[header.index("module")].strip("`"), cells[header.index("commit")]))
    return rows


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout


def _renamed(root: Path, commit: str) -> dict[str, str]:
    """Each file renamed since ``commit``, by its name now: many rows were measured before the
    package moved into folders."""
    renamed = {}
    for line in _git(root, "diff", "-M", "--name-status", commit, "--").splitlines():
        status, *paths = line.split("\t")
        if status.startswith("R"):
            renamed[paths[1]] = paths[0]
    return renamed


def changed_since(module: str, commit: str, root: Path, renamed: dict[str, str]) -> str | None:
    """Why ``module``'s code (as it is in the worktree) is no longer what was measured at
    ``commit`` (``renamed``: the files renamed since), or None when only imports, docstrings,
    comments or its place changed."""
    path = f"pyfudge/{module}"
    then_path = renamed.get(path, path)
    try:
        then = _git(root, "show", f"{commit}:{then_path}")
    except subprocess.CalledProcessError:
        return f"{path} did not exist at {commit}"
    if code_shape(then) == code_shape((root / path).read_text(encoding="utf-8")):
        return None
    since = _git(root, "log", "--format=%h", "--follow", f"{commit}..HEAD", "--", path).split()
    return f"{path} changed since {commit}" + (f" (in {', '.join(since)})" if since else " (not committed yet)")


def stale(root: Path | None = None) -> tuple[list[str], list[str]]:
    """The doc's rows whose module changed since the commit they name, each with why, and the
    modules it lists as not run yet (``root``: the repository, this one by default)."""
    root = root or ROOT
    rows = standing((root / "docs" / "mutation.md").read_text(encoding="utf-8"))
    renames = {commit: _renamed(root, commit) for commit in {commit for _, commit in rows} - {NOT_RUN}}
    changed = [why for module, commit in rows if commit != NOT_RUN
               if (why := changed_since(module, commit, root, renames[commit]))]
    return changed, [module for module, commit in rows if commit == NOT_RUN]


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


# --- operators of our own: where planted bugs went through mutmut's --------------------------------

@dataclass(frozen=True)
class OwnMutant:
    """One change by an operator mutmut lacks: which, where, and the module's source with it."""

    operator: str
    line: int
    was: str
    now: str
    source: str


def _cut(lines: list[int], node: ast.AST) -> tuple[int, int]:
    """A node's span as byte offsets (the syntax tree counts columns in UTF-8 bytes)."""
    return (lines[node.lineno - 1] + node.col_offset,  # type: ignore[attr-defined]
            lines[node.end_lineno - 1] + node.end_col_offset)  # type: ignore[attr-defined]


# Calls whose arguments swapped always raise (a value where a type must be): noise, not a test gap.
_NO_SWAP = ("isinstance", "issubclass")


def own_mutants(source: str) -> list[OwnMutant]:
    """Every mutant of three operators, in the order of the source: ``drop-side`` drops one side
    of an ``and``/``or`` (a guard left out), ``swap-args`` swaps two neighbouring positional
    arguments of a call (shooter and target mixed up; not of ``isinstance``), ``drop-not`` drops
    a ``not``."""
    data = source.encode("utf-8")
    lines = [0]
    for line in data.splitlines(keepends=True):
        lines.append(lines[-1] + len(line))
    out = []

    def make(operator: str, node: ast.AST, start: int, end: int, new: bytes) -> None:
        was = data[start:end].decode("utf-8")
        out.append(OwnMutant(operator, node.lineno, was, new.decode("utf-8"),  # type: ignore[attr-defined]
                             (data[:start] + new + data[end:]).decode("utf-8")))

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BoolOp):
            start, end = _cut(lines, node)
            word = b" and " if isinstance(node.op, ast.And) else b" or "
            sides = [data[slice(*_cut(lines, v))] for v in node.values]
            for i in range(len(sides)):
                make("drop-side", node, start, end, b"(" + word.join(sides[:i] + sides[i + 1:]) + b")")
        elif isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in _NO_SWAP):
            args = node.args
            for a, b in zip(args, args[1:], strict=False):
                if isinstance(a, ast.Starred) or isinstance(b, ast.Starred):
                    continue
                (a0, a1), (b0, b1) = _cut(lines, a), _cut(lines, b)
                if data[a0:a1] != data[b0:b1]:  # f(x, x) swapped is f(x, x)
                    make("swap-args", node, a0, b1, data[b0:b1] + data[a1:b0] + data[a0:a1])
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            start, end = _cut(lines, node)
            make("drop-not", node, start, end, b"(" + data[slice(*_cut(lines, node.operand))] + b")")
    return sorted(out, key=lambda m: m.line)


def function_names(source: str, module: str) -> list[tuple[str, int, int]]:
    """Each function's and method's name as mutmut names its mutants (``pyfudge.rules.damage.x_f``,
    ``pyfudge.encounter.rounds.xǁGroupReadǁdeclares``), with its first and last line."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((f"{module}.x_{node.name}", node.lineno, node.end_lineno or node.lineno))
        elif isinstance(node, ast.ClassDef):
            out += [(f"{module}.xǁ{node.name}ǁ{sub.name}", sub.lineno, sub.end_lineno or sub.lineno)
                    for sub in node.body if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return out


def own_within(mutants: list[OwnMutant], source: str, module: str, only: list[str]) -> list[OwnMutant]:
    """The own mutants inside the functions ``only`` names (mutmut's ``--only`` globs, so one
    selection serves both operator sets); all of them when ``only`` is empty."""
    if not only:
        return mutants
    spans = [(first, last) for name, first, last in function_names(source, module)
             if any(fnmatch.fnmatchcase(f"{name}__mutmut_1", glob) for glob in only)]
    return [m for m in mutants if any(first <= m.line <= last for first, last in spans)]


def run_own(work: Path, path: str, tests: list[str], pytest_args: list[str],
            timeout: float, only: list[str] | None = None) -> dict[str, list[OwnMutant]]:
    """Each own mutant of ``path`` (under ``work``; only those inside the functions ``only``
    names, when given) put in its place in turn and ``tests`` run against it (stopping at the
    first failure); the file is put back whatever happens. The mutants by how they ended:
    killed, survived, timeout (a loop the change made endless)."""
    file = work / path
    original = file.read_text(encoding="utf-8")
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONPATH": str(work)}
    ended: dict[str, list[OwnMutant]] = {"killed": [], "survived": [], "timeout": []}
    module = path.removesuffix(".py").replace("/", ".")
    try:
        for mutant in own_within(own_mutants(original), original, module, only or []):
            file.write_text(mutant.source, encoding="utf-8")
            try:
                code = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", *pytest_args, *tests], cwd=work,
                                      env=env, capture_output=True, timeout=timeout).returncode
                how = "survived" if code == 0 else "killed"
            except subprocess.TimeoutExpired:
                how = "timeout"
            ended[how].append(mutant)
            print(f"  {path}:{mutant.line} {mutant.operator} {how}", flush=True)
    finally:
        file.write_text(original, encoding="utf-8")
    return ended


def own_run(work: Path, patterns: list[str], tests: list[str], only: list[str] | None = None) -> int:
    """The own operators over each module named (a folder's modules one by one; within the
    functions ``only`` names, when given), with the same test selection and pytest options as
    mutmut's run; survivors to own_survivors.txt."""
    config = (work / "setup.cfg").read_text(encoding="utf-8")
    extra = config.split("pytest_add_cli_args=")[1].split()
    paths = [p for pattern in patterns for p in sorted(str(f.relative_to(work)) for f in work.glob(pattern))]
    report = []
    for path in paths:
        started = time.monotonic()
        # The clean run first: its time bounds a mutant's, and a red selection measures nothing.
        clean = subprocess.run([sys.executable, "-m", "pytest", "-q", *extra, *tests], cwd=work,
                               env={**os.environ, "PYTHONPATH": str(work)}, capture_output=True)
        if clean.returncode:
            raise SystemExit(f"mutants: the tests fail before any mutant:\n{clean.stdout.decode()[-2000:]}")
        timeout = max(60.0, 10 * (time.monotonic() - started))
        ended = run_own(work, path, tests, extra, timeout, only)
        print(f"mutants: own operators on {path}: " + ", ".join(f"{k} {len(v)}" for k, v in ended.items())
              + f" ({(time.monotonic() - started) / 60:.1f} min)", flush=True)
        report += [f"{path}:{m.line} {m.operator} [{how}]\n- {m.was}\n+ {m.now}\n"
                   for how in ("survived", "timeout") for m in ended[how]]
    (work / "own_survivors.txt").write_text("\n".join(report), encoding="utf-8")
    print(f"mutants: own operators' survivors in {work / 'own_survivors.txt'}")
    return 0


def mutant_globs(patterns: list[str]) -> list[list[str]]:
    """mutmut's names of each module's mutants, as globs: ``pyfudge.core.ladder.*`` for a file, and
    for a folder's ``__init__.py``, whose mutants mutmut names after the folder
    (``pyfudge.rulesets.x_gather__mutmut_1``), its functions' and classes' own prefixes only."""
    out = []
    for p in patterns:
        name = p.removesuffix(".py").removesuffix("/*").replace("/", ".")
        if name.endswith(".__init__"):
            folder = name.removesuffix(".__init__")
            out.append([f"{folder}.x_*", f"{folder}.xǁ*"])
        else:
            out.append([name + ".*"])
    return out


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
                        help="only these mutants (mutmut's names, e.g. 'pyfudge.rules.damage.x_subjective_wound*'); "
                             "our own operators: those inside the functions named")
    parser.add_argument("--operators", choices=("both", "mutmut", "own"), default="both",
                        help="mutmut's, ours (a dropped side of and/or, swapped arguments, a dropped not) or both")
    parser.add_argument("--stale", action="store_true",
                        help="list docs/mutation.md's rows whose module changed since their commit, and run nothing")
    args = parser.parse_args(argv)
    if args.stale:
        changed, not_run = stale()
        print("\n".join(f"stale: {why}" for why in changed) or "mutants: no row is stale")
        if not_run:
            print(f"not run yet: {', '.join(not_run)}")
        return 0
    work = Path(os.environ.get("PYFUDGE_MUTANTS") or Path(tempfile.gettempdir()) / "pyfudge-mutants")
    patterns = module_paths(args.modules)
    prepare(work, patterns, args.tests or ["tests"])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if args.operators != "mutmut":
        own_run(work, patterns, args.tests or ["tests"], args.only)
    if args.operators == "own":
        return 0
    code = 0
    # Module by module: each one's results are whole before the next starts. The --only globs in
    # one run: mutmut lists every test again at each start (minutes with a wide selection).
    runs = [args.only] if args.only else mutant_globs(patterns)
    for globs in runs:
        started = time.monotonic()
        code |= subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.workers), *globs],
                               cwd=work, env=env).returncode
        print(f"mutants: {' '.join(globs)} took {(time.monotonic() - started) / 60:.1f} min", flush=True)
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
