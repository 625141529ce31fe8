# H100 batch, session 2 (6): decode attention launch parameters by batch size.
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
timeout 400 python3 tools/gpu_probe5.py 2>&1 | grep -v -i warn
