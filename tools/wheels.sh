#!/usr/bin/env bash
# tools/wheels.sh: fill the git-ignored .whl/ with the wheels the GPU machine lacks to run the course there: nbdev and
# its notebook runner (for tools/gpu_cells.sh), the server chapters' packages and hypothesis (chapter 23).
# Python 3.12, manylinux x86_64.
# Packages the GPU machine already has (its image holds torch, triton, transformers, numpy, httpx, anyio, pygments,
# prometheus-client and more) are removed, so that one version of each is installed there.
set -euo pipefail
cd "$(dirname "$0")/.."  # the repo root
rm -rf .whl && mkdir .whl
pip download -q -d .whl --only-binary=:all: --python-version 3.12 --implementation cp --abi cp312 --abi abi3 \
  --abi none --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  --platform any \
  nbdev==2.4.14 fastcore==1.14.5 execnb==0.1.18 ghapi==1.1.1 \
  fastapi uvicorn openai httpx prometheus-client hypothesis 2> >(grep -v "^WARNING: Location" >&2)
# already on the GPU machine (its package list, lower case, '-' for '_'): keep theirs
have="anyio attrs build certifi charset-normalizer click filelock fsspec h11 httpcore httpx idna jinja2 markupsafe
mpmath networkx numpy packaging pip prometheus-client psutil pygments pyproject-hooks pyyaml requests setuptools six
sympy tqdm torch triton typing-extensions urllib3 wheel"
for f in .whl/*.whl; do
  name=$(basename "$f" | cut -d- -f1 | tr 'A-Z_' 'a-z-')
  case " $(echo $have) " in *" $name "*) rm "$f" ;; esac
  case "$name" in nvidia-*|torch*|triton*|numpy*) rm -f "$f" ;; esac
done
dups=$(ls .whl | cut -d- -f1 | tr 'A-Z_' 'a-z-' | sort | uniq -d)
[ -z "$dups" ] || { echo "two versions of: $dups"; exit 1; }
echo "$(ls .whl | wc -l) wheels, $(du -sh .whl | cut -f1), in .whl/"
