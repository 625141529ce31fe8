set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
echo "=== bench (3 fresh runs)"; timeout 150 python3 -c "from nanovllm.benchmark import main; main(['--runs','3'])" 2>&1 | grep -v -i warn | tee $OUT/bench.log
echo "=== profile"; timeout 70 python3 tools/gpu_probe.py profile 2>&1 | grep -E "decode bs|GPU kernels" | tee $OUT/profile.log
for nb in 04_layers 06_qwen3 08_engine; do
  echo "=== cuda cells: $nb"; timeout 100 nbdev_test --path nbs/$nb.ipynb --flags cuda --n_workers 1 2>&1 | tail -12 | tee $OUT/$nb.log
done
echo "=== hf side by side (64 requests)"; timeout 200 python3 -c "from nanovllm.benchmark import main; main(['--runs','1','--num-seqs','64','--hf-prefix','64'])" 2>&1 | grep -v -i warn | tail -15 | tee $OUT/hf.log
