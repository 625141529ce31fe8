set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
mkdir -p $OUT/nbs
run() { echo "=== exec $1"; timeout $2 python3 tools/exec_nb.py nbs/$1.ipynb --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -6; }
run 10_benchmark 300
run 08_engine 120
run 13_experiments 70
run 12_reliability 70
run 11_server 100
