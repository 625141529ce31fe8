"""Execute notebooks as `nbdev_test` does, but keep the outputs (figures included) in the notebook.

Usage: python tools/exec_nb.py NB.ipynb... [--skip FLAG...] [--dest DIR] [--timeout SECONDS]
                               [--must-pass cuda ...]

Cells whose `#|` directives name a skipped flag, and `#| eval: false` cells, are not run and keep their old outputs.
Every cell that runs has its old outputs cleared first, so after a failure no stale output survives below it. The
notebook is written also after a failure (its outputs show where it stopped); the next notebook still runs. Prints one
line per notebook (and, on stderr, one per cell that took a second or more) and exits non-zero if any failed."""
import argparse, os, re, sys, time
from pathlib import Path
from execnb.nbio import read_nb, write_nb
from execnb.shell import CaptureShell


def directives(cell) -> dict:
    "The `#| name value` lines at the top of a code cell, as {name: value}."
    found = {}
    for line in cell.source.splitlines():
        m = re.match(r"#\|\s*([\w-]+:?)\s*(.*)", line)
        if not m:
            break
        found[m.group(1).rstrip(":")] = m.group(2).strip()
    return found


def skipped(cell, skip: set) -> bool:
    "True for markdown cells and for code cells that `nbdev_test` with these skip flags would not run."
    if cell.cell_type != "code":
        return True
    d = directives(cell)
    return d.get("eval", "").lower() == "false" or bool(skip & d.keys())


def execute(fn: Path, dest: Path, skip: set, timeout: int | None, must_pass: set | None = None) -> str | None:
    """Run one notebook; write it to `dest`; return None or the error. With `must_pass` (flags), only a failing cell
    flagged with one of them fails the notebook; any other failing cell is reported and the run goes on."""
    nb, cwd = read_nb(fn), os.getcwd()
    for cell in nb.cells:
        if not skipped(cell, skip):
            cell.outputs = []
    shell = CaptureShell(fn)
    shell.timeout = timeout
    os.chdir(fn.parent)
    try:
        for i, cell in enumerate(nb.cells):
            if skipped(cell, skip):
                continue
            t = time.perf_counter()
            shell.cell(cell)
            if (dt := time.perf_counter() - t) >= 1:   # where a notebook's time goes
                flags = " ".join(k for k in directives(cell) if k not in ("export", "exporti"))
                print(f"{fn.name}: cell {i}{f' ({flags})' if flags else ''} took {dt:.1f} s", file=sys.stderr)
            if shell.exc and (must_pass is None or must_pass & directives(cell).keys()):
                raise shell.exc
            if shell.exc:
                print(f"{fn.name}: an unflagged cell failed here, going on: {shell.exc!r}"[:300], file=sys.stderr)
        error = None
    except Exception as e:
        error = f"{type(e).__name__}: {e}"
        sys.stderr.write(shell.prettytb(fname=fn) + "\n")
    finally:
        os.chdir(cwd)
        write_nb(nb, dest)
    return error


def default_skip() -> list[str]:
    "settings.ini's tst_flags: the flags whose cells nbdev_test skips unless told to run them."
    ini = (Path(__file__).resolve().parent.parent / "settings.ini").read_text()
    return next((l.split("=", 1)[1].split() for l in ini.splitlines() if l.startswith("tst_flags")), [])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("nbs", nargs="+")
    p.add_argument("--skip", nargs="*", default=None,
                   help="flags of cells not to run "
                        "(default: settings.ini's tst_flags, as nbdev_test; --skip alone: none)")
    p.add_argument("--dest", default=None, help="write the executed notebooks here instead of in place")
    p.add_argument("--timeout", type=int, default=None, help="seconds allowed to each cell")
    p.add_argument("--must-pass", nargs="*", default=None,
                   help="only cells with these flags must pass; other failing cells are reported (GPU runs)")
    args = p.parse_args()
    os.environ["IN_TEST"] = "1"   # as nbdev_test: the notebook's own code may check it
    failed = 0
    for name in args.nbs:
        fn = Path(name).absolute()
        dest = Path(args.dest).absolute() / fn.name if args.dest else fn
        dest.parent.mkdir(parents=True, exist_ok=True)
        t = time.perf_counter()
        error = execute(fn, dest, set(default_skip() if args.skip is None else args.skip), args.timeout,
                        None if args.must_pass is None else set(args.must_pass))
        failed += error is not None
        status = "ok" if error is None else f"FAILED ({(error.splitlines() or [''])[0][:200]})"
        print(f"{fn.name}: {status} in {time.perf_counter() - t:.1f} s -> {dest}", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
