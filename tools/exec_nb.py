"""Execute notebooks, keeping outputs, as the GPU machine does for the figures kept in the course.
Usage: python tools/exec_nb.py NB.ipynb [--skip cuda slow] [--dest DIR]
Cells whose directives name a skipped flag keep their old outputs; by default nothing is skipped (run on a GPU)."""
import argparse, os, re
from pathlib import Path
from execnb.nbio import read_nb, write_nb
from execnb.shell import CaptureShell

p = argparse.ArgumentParser()
p.add_argument("nbs", nargs="+"); p.add_argument("--skip", nargs="*", default=[]); p.add_argument("--dest", default=None)
args = p.parse_args()
skip = set(args.skip)
def flagged(cell):
    if cell.cell_type != "code": return True
    return bool(skip & set(re.findall(r"^#\|\s*(\w+)", cell.source, flags=re.M)))
for name in args.nbs:
    fn = Path(name).absolute()
    nb, cwd = read_nb(fn), os.getcwd()
    os.chdir(fn.parent)
    dest = Path(args.dest) / fn.name if args.dest else fn
    try:
        sh = CaptureShell(fn)
        sh.run_all(nb, exc_stop=True, preproc=flagged)
    finally:
        os.chdir(cwd)
        write_nb(nb, dest)   # also after a failure, so its outputs can be read
    print(f"executed {fn.name} -> {dest}")
