# H100 batch, session 2 (4): kernel launch parameters (probe 4) and chapter 11's load test on the H100.
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl .whl_serve/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
timeout 200 python3 tools/gpu_probe4.py 2>&1 | grep -v -i warn
mkdir -p $OUT/nbs
run() { echo "=== exec $1"; timeout $2 python3 tools/exec_nb.py nbs/$1.ipynb --dest $OUT/nbs 2>&1 | grep -v -i warn | tail -4; }
run 11_server 200
