set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1 MPLBACKEND=module://matplotlib_inline.backend_inline
python3 -c "from nanovllm.benchmark import bench_model; bench_model()"
echo "=== traced run + profile"; timeout 120 python3 tools/gpu_probe.py bench profile 2>&1 | grep -v -i warn | tee $OUT/probe.log
mkdir -p $OUT/nbs
echo "=== exec 08 (all cells)"; timeout 150 python3 tools/exec_nb.py nbs/08_engine.ipynb --dest $OUT/nbs 2>&1 | tail -4
echo "=== exec 05 07"; timeout 150 python3 tools/exec_nb.py nbs/05_attention.ipynb nbs/07_model_runner.ipynb --dest $OUT/nbs 2>&1 | tail -5
echo "=== hf side by side (32 requests)"; timeout 150 python3 -c "from nanovllm.benchmark import main; main(['--runs','1','--num-seqs','32','--hf-prefix','32'])" 2>&1 | grep -v -i warn | tail -8
