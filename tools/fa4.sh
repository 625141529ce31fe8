#!/usr/bin/env bash
# tools/fa4.sh: flash-attn 4 (`flash_attn.cute`, the `[flash]` extra) for the GPU machine, which has no internet, so
# that the cells flagged `flash` can run there. Fills the git-ignored .fa4a/ and .fa4b/ with its wheels: pure-Python
# flash-attn 4 and the CUTLASS DSL runtime, whose biggest wheel (~92 MB) is split in two for machines that take
# uploads of a limited size. On the GPU machine, two commands in a row (the first stages into /tmp):
#   1) with .fa4a/ copied there:  bash tools/fa4.sh --stage
#   2) with .fa4b/ and .whl/ copied there:  bash tools/fa4.sh --install &&
#      export PYTHONPATH=/tmp/fa4:/tmp/fa4/nvidia_cutlass_dsl/dsl_packages &&
#      bash tools/gpu_cells.sh --flags "flash" nbs/20_benchmark.ipynb
set -euo pipefail
cd "$(dirname "$0")/.."  # the repo root
if [ "${1:-}" = --stage ]; then     # on the GPU machine, first call: keep the first half in /tmp/stage
  mkdir -p /tmp/stage
  cp .fa4a/* /tmp/stage/
  exit
fi
if [ "${1:-}" = --install ]; then   # on the GPU machine, second call: join the halves, install into /tmp/fa4
  whl=/tmp/stage/nvidia_cutlass_dsl_libs_cu13-4.8.1-cp312-cp312-manylinux_2_28_x86_64.whl
  cat /tmp/stage/cu13.part.aa .fa4b/cu13.part.ab >$whl
  rm /tmp/stage/cu13.part.aa
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/fa4 /tmp/stage/*.whl
  exit
fi
[ $# -eq 0 ] || { echo "usage: tools/fa4.sh [--stage | --install]"; exit 2; }
tmp=$(mktemp -d)
rm -rf .fa4a .fa4b
mkdir -p .fa4a .fa4b
pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64 --platform any \
  -d "$tmp" flash-attn-4==4.0.0b36 nvidia-cutlass-dsl==4.8.1 nvidia-cutlass-dsl-libs-base==4.8.1 \
  nvidia-cutlass-dsl-libs-core==4.8.1 nvidia-cutlass-dsl-libs-cu13==4.8.1 apache-tvm-ffi==0.1.15.post2 \
  torch-c-dlpack-ext==0.1.5 quack-kernels==0.6.5 2> >(grep -v "^WARNING: Location" >&2)
split -b 46M "$tmp"/nvidia_cutlass_dsl_libs_cu13-*.whl .fa4a/cu13.part.
mv .fa4a/cu13.part.ab .fa4b/
rm "$tmp"/nvidia_cutlass_dsl_libs_cu13-*.whl
mv "$tmp"/*.whl .fa4a/
rm -rf "$tmp"
du -sh .fa4a .fa4b
