# H100 batch, session 2 (5): chapter 10 on the H100 (3 fresh runs, busy fraction, transformers on the whole workload, trace).
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
mkdir -p $OUT/nbs
timeout 500 python3 tools/exec_nb.py nbs/10_benchmark.ipynb --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -5
timeout 50 python3 tools/gpu_probe.py bench 2>&1 | grep -v -i warn
