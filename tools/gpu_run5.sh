# H100 batch, session 2: the one-copy decode step (launch CPU time, traced run, 3 fresh runs) and chapters 07/08's cuda cells.
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
timeout 120 python3 tools/gpu_probe2.py runner sampler 2>&1 | grep -v -i warn
timeout 60 python3 tools/gpu_probe.py bench 2>&1 | grep -v -i warn
timeout 150 python3 -c "from nanovllm.benchmark import main; main(['--runs', '3'])" 2>&1 | tail -4
mkdir -p $OUT/nbs
run() { echo "=== exec $1"; timeout $2 python3 tools/exec_nb.py nbs/$1.ipynb --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -6; }
run 07_model_runner 100
run 08_engine 150
