# H100 batch, session 2 (3): per-sequence decode splits, 4-head rope programs; 3 fresh runs, a split-K GEMM prototype.
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
timeout 150 python3 -c "from nanovllm.benchmark import main; main(['--runs', '3'])" 2>&1 | tail -3
timeout 60 python3 tools/gpu_probe.py bench 2>&1 | grep -v -i warn
timeout 150 python3 tools/gpu_probe2.py splitk 2>&1 | grep -v -i warn
mkdir -p $OUT/nbs
run() { echo "=== exec $1"; timeout $2 python3 tools/exec_nb.py nbs/$1.ipynb --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -4; }
run 04_layers 60
run 05_attention 90
