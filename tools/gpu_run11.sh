# H100 batch, session 2 (7): chapter 08's cuda cells with the final kernels, then transformers side by side (chapter 10's cell).
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
mkdir -p $OUT/nbs
run() { echo "=== exec $1"; timeout $2 python3 tools/exec_nb.py $1 --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -4; }
run nbs/08_engine.ipynb 130
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
run tools/hf_cell.ipynb 420
