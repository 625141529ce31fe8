"""The style gate: lines of at most 120 characters and one statement per line in the package and in the notebooks'
code cells; prose lines of at most 120 characters too (table rows excepted: they cannot wrap), and in `tools/` and
`.ci/`; chapters of at most 50 cells and 500 code lines; no `SomeClass.attr = ...` at module level; no environment
variables set by the package. Ends with `wc -l` per module and the course's two line totals (the package without
`_modidx.py`; the engine core) against their budgets.

Usage: python tools/lint.py [--nbs NB...]     exit code 1 if any rule is broken"""
import argparse, ast, io, json, re, sys, tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINE = 120
MAX_CELLS, MAX_CODE_LINES = 50, 500   # a chapter a reader finishes in one sitting
# not the engine core: the serving layer (async_llm and bench_serve count with the server), the benchmarks,
# tensor parallelism (with its all-reduce), the CLI and the test helpers. _modidx is not counted; __init__ is core.
NOT_CORE = {"server", "openai_protocol", "async_llm", "benchmark", "bench_serve", "tensor_parallel", "all_reduce",
            "cli", "testing"}


def long_lines(text: str) -> list[tuple[int, str]]:
    return [(i, f"line of {len(line)} characters (at most {MAX_LINE})")
            for i, line in enumerate(text.splitlines(), 1) if len(line) > MAX_LINE]


def chained(text: str) -> list[tuple[int, str]]:
    "Statements chained with `;`, found by the tokenizer (a `;` in a string or a comment is no statement separator)."
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError) as e:
        return [(1, f"cannot tokenize: {e}")]
    return [(t.start[0], "statements chained with ';'") for t in toks if t.type == tokenize.OP and t.string == ";"]


def module_level(body):
    "The statements of a module that run at import: into if/for/while/with/try blocks, not into defs or classes."
    for node in body:
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                yield from module_level(getattr(node, field, []) or [])


def targets(node):
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    else:
        return
    while found:
        t = found.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            found += t.elts
        else:
            yield t


def is_environ(node) -> bool:
    "`os.environ` or a bare `environ`."
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or \
        (isinstance(node, ast.Name) and node.id == "environ")


def tree_rules(text: str, package: bool) -> list[tuple[int, str]]:
    "Class attributes assigned at module level; in the package, environment variables set."
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        return [(e.lineno or 1, f"syntax error: {e.msg}")]
    found = []
    for node in module_level(tree.body):
        for t in targets(node):
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id[:1].isupper():
                found.append((node.lineno, f"class attribute assigned at module level: {t.value.id}.{t.attr} = ..."))
    if package:
        for node in ast.walk(tree):
            for t in targets(node):
                if isinstance(t, ast.Subscript) and is_environ(t.value):
                    found.append((node.lineno, "environment variable set in the package"))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                f = node.func
                if (is_environ(f.value) and f.attr in ("setdefault", "update")) or \
                        (isinstance(f.value, ast.Name) and f.value.id == "os" and f.attr == "putenv"):
                    found.append((node.lineno, f"environment variable set in the package ({f.attr})"))
    return found


def code_cells(nb_path: Path):
    "(cell index, source) of each code cell, IPython magics and shell lines commented out."
    nb = json.loads(nb_path.read_text())
    for i, c in enumerate(nb["cells"]):
        if c["cell_type"] == "code":
            src = "".join(c["source"])
            yield i, re.sub(r"^(\s*)([%!])", r"\1#\2", src, flags=re.M)


def check_file(path: Path) -> list[str]:
    text, rel = path.read_text(), path.relative_to(ROOT)
    found = long_lines(text) + chained(text) + tree_rules(text, package=True)
    return [f"{rel}:{line}: {msg}" for line, msg in sorted(found)]


def prose_cells(nb_path: Path):
    "(cell index, text) of each markdown cell, its table rows left out."
    for i, c in enumerate(json.loads(nb_path.read_text())["cells"]):
        if c["cell_type"] == "markdown":
            yield i, "\n".join("" if line.startswith("|") else line for line in "".join(c["source"]).split("\n"))


def check_notebook(path: Path) -> list[str]:
    out, rel = [], path.relative_to(ROOT)
    for i, src in code_cells(path):
        found = long_lines(src) + chained(src) + tree_rules(src, package=False)
        out += [f"{rel}: cell {i}, line {line}: {msg}" for line, msg in sorted(found)]
    for i, text in prose_cells(path):
        out += [f"{rel}: cell {i} (prose), line {line}: {msg}" for line, msg in long_lines(text)]
    cells = json.loads(path.read_text())["cells"]
    code = sum(len("".join(c["source"]).splitlines()) for c in cells if c["cell_type"] == "code")
    if len(cells) > MAX_CELLS: out.append(f"{rel}: {len(cells)} cells (at most {MAX_CELLS})")
    if code > MAX_CODE_LINES: out.append(f"{rel}: {code} lines of code (at most {MAX_CODE_LINES})")
    return out


def line_counts(pkg: Path) -> None:
    "wc -l per module and the two totals."
    counts = {p.stem: len(p.read_text().splitlines()) for p in sorted(pkg.glob("*.py")) if p.stem != "_modidx"}
    for name, n in counts.items():
        print(f"{n:6d} {name}.py{'' if name in NOT_CORE else '   (core)'}")
    print(f"{sum(counts.values()):6d} total: the package without _modidx.py (budget 2800)")
    print(f"{sum(n for k, n in counts.items() if k not in NOT_CORE):6d} total: the engine core (budget 2000)")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--nbs", nargs="*", help="notebooks to check (default: nbs/*.ipynb)")
    args = p.parse_args()
    pkg = ROOT / "nanovllm"
    nbs = [Path(n).resolve() for n in args.nbs] if args.nbs else sorted((ROOT / "nbs").glob("*.ipynb"))
    problems = []
    for path in sorted(pkg.glob("*.py")):
        if path.name != "_modidx.py":
            problems += check_file(path)
    for path in nbs:
        problems += check_notebook(path)
    for path in sorted(p for d in ("tools", ".ci") for p in (ROOT / d).iterdir() if p.is_file()):   # the tools' own
        problems += [f"{path.relative_to(ROOT)}:{line}: {msg}" for line, msg in long_lines(path.read_text())]
    print("\n".join(problems))
    line_counts(pkg)
    print(f"lint: {len(problems)} problems in {len(list(pkg.glob('*.py'))) - 1} modules and {len(nbs)} notebooks")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
