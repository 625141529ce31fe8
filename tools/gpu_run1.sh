set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv,noheader
timeout 240 python3 tools/gpu_probe.py bench profile 2>&1 | grep -v -i warn | tee $OUT/probe.log
for nb in 05_attention 07_model_runner 08_engine; do
  echo "=== cuda cells: $nb"; timeout 150 nbdev_test --path nbs/$nb.ipynb --flags cuda --n_workers 1 --do_print 2>&1 | tail -25 | tee $OUT/$nb.log
done
