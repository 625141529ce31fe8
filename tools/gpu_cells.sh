#!/usr/bin/env bash
# tools/gpu_cells.sh [--multigpu] [--only-multigpu] [--slow] [--flags "F..."] [--timeout SECONDS] [--no-wheels] NB...
#
# On the GPU machine, from the repo root: install the wheels carried in .whl/ (tools/wheels.sh makes them), execute
# the notebooks with every `cuda` cell run (--multigpu: `multigpu` cells too; --only-multigpu: those and not the
# `cuda` ones; --slow: `slow` cells too; --flags "F...": exactly these flags, e.g. "h200" on one H200, or "flash"
# with flash-attn 4 importable, see tools/fa4.sh), and write
# the executed notebooks, a log and the list of flags run into one tarball, $OUT/gpu_cells.tgz (rewritten after
# each notebook, so a run cut short still returns what it finished).
# Only the flagged cells must pass: an unflagged cell that fails on the GPU machine (its Triton interpreter is not
# the CPU's) is reported in the log and the notebook goes on. Each notebook gets --timeout seconds (default 540).
# Merge the results here with tools/merge_gpu.sh TARBALL.
set -uo pipefail
cd "$(dirname "$0")/.."  # the repo root
run="cuda" timeout=540 wheels=1 nbs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --multigpu) run="$run multigpu" ;;
    --only-multigpu) run="multigpu" ;;
    --slow) run="$run slow" ;;
    --flags) run=$2; shift ;;
    --timeout) timeout=$2; shift ;;
    --no-wheels) wheels=0 ;;
    -*) echo "unknown option $1"; exit 2 ;;
    *) nbs+=("$1") ;;
  esac
  shift
done
usage='usage: tools/gpu_cells.sh [--multigpu] [--only-multigpu] [--slow] [--flags "F..."] NB...'
[ ${#nbs[@]} -gt 0 ] || { echo "$usage"; exit 2; }
out=${OUT:?set OUT to a folder that is copied back from the GPU machine}
skip=""
flags=$(sed -n "s/^tst_flags *= *//p" settings.ini)   # cuda multigpu slow h200 flash
for f in $flags; do case " $run " in *" $f "*) ;; *) skip="$skip $f" ;; esac; done

site=/tmp/site
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}   # a PYTHONPATH set before (flash-attn 4's) comes after the repo
export PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
if [ $wheels = 1 ] && ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $site .whl/*.whl \
    || { echo "installing .whl/ failed"; exit 1; }
  export PYTHONPATH=$site:$PYTHONPATH PATH=$site/bin:$PATH
fi
if ! command -v nanovllm >/dev/null; then  # the package is not installed there: a `nanovllm` command for the chapters
  mkdir -p $site/bin
  cli='import sys; from nanovllm.cli import main; sys.exit(main())'
  printf '#!/bin/sh\nexec python3 -c "%s" "$@"\n' "$cli" >$site/bin/nanovllm
  chmod +x $site/bin/nanovllm
  export PATH=$site/bin:$PATH
fi

work=$(mktemp -d)
mkdir -p "$work/nbs" "$out"
log=$work/gpu_cells.log
echo "$run" >"$work/flags"
{
  changed=$(git diff --quiet 2>/dev/null || echo ' (with changes)')
  echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$changed"
  nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
  python3 -c "import torch, triton, transformers as t; print('torch', torch.__version__, 'triton', triton.__version__,
    'transformers', t.__version__, 'GPUs', torch.cuda.device_count())"
  echo "cells run: all but those flagged${skip:- (none)}"
} 2>&1 | tee "$log"
failed=0
for nb in "${nbs[@]}"; do
  start=$(date +%s)
  timeout -s INT -k 30 "$timeout" python3 tools/exec_nb.py "$nb" --dest "$work/nbs" --skip $skip --must-pass $run \
    >>"$log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || failed=$((failed + 1))
  echo "== $nb: $([ $rc -eq 0 ] && echo ok || echo "FAILED (exit $rc)") in $(( $(date +%s) - start )) s" | tee -a "$log"
  tar czf "$out/gpu_cells.tgz" -C "$work" nbs gpu_cells.log flags
done
size=$(du -h "$out/gpu_cells.tgz" | cut -f1)
echo "$(( ${#nbs[@]} - failed )) notebooks ok, $failed failed; $out/gpu_cells.tgz ($size)"
[ $failed -eq 0 ]
