#!/usr/bin/env bash
# tools/merge_gpu.sh TARBALL: merge the outputs of a tools/gpu_cells.sh run (the gpu_cells.tgz it wrote under $OUT)
# into nbs/: for each executed notebook, the outputs of the cells whose flags ran there (tools/merge_outputs.py),
# then nbdev_clean. Prints the run's log first.
set -euo pipefail
tarball=$(realpath "${1:?usage: tools/merge_gpu.sh TARBALL}")
cd "$(dirname "$0")/.."  # the repo root
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xzf "$tarball" -C "$work"
cat "$work/gpu_cells.log"
echo "== merging the outputs of cells flagged: $(cat "$work/flags")"
for nb in "$work"/nbs/*.ipynb; do
  name=$(basename "$nb")
  [ -f "nbs/$name" ] || { echo "nbs/$name does not exist here: skipped"; continue; }
  python tools/merge_outputs.py "$nb" "nbs/$name" --flags $(cat "$work/flags")
  nbdev_clean --fname "nbs/$name"
done
