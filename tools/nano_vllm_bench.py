"""nano-vLLM's own `bench.py`, run in fresh processes on the GPU machine, for chapter 20's side-by-side comparison.

nano-vLLM calls flash-attn 2's `flash_attn_varlen_func` and `flash_attn_with_kvcache`; the GPU machine has flash-attn 4
(`tools/fa4.sh`). A shim maps both calls onto flash-attn 4's `flash_attn_varlen_func`, the kernels our `flash` backend
runs. `bench.py` runs unchanged but for its checkpoint path: `bench_model()`'s Qwen3-0.6B shape with random weights.

    python tools/nano_vllm_bench.py NANO_VLLM_DIR [--runs 3]

NANO_VLLM_DIR is a checkout of github.com/GeeeekExplorer/nano-vllm (its package is also named `nanovllm`, so it runs
with that directory first on the path, ours left out). Prints each run's line, its engine start, and the median.
"""
import argparse, os, re, statistics, subprocess, sys
from pathlib import Path

SHIM = '''
import sys, time, flash_attn
from flash_attn.cute.interface import flash_attn_varlen_func as fa4

def flash_attn_varlen_func(q, k, v, max_seqlen_q, cu_seqlens_q, max_seqlen_k, cu_seqlens_k, softmax_scale, causal,
                           block_table=None):
    if block_table is None:
        return fa4(q, k, v, cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k, max_seqlen_q=max_seqlen_q,
                   max_seqlen_k=max_seqlen_k, softmax_scale=softmax_scale, causal=causal)[0]
    return fa4(q, k, v, cu_seqlens_q=cu_seqlens_q, max_seqlen_q=max_seqlen_q, seqused_k=cu_seqlens_k.diff(),
               page_table=block_table, softmax_scale=softmax_scale, causal=causal)[0]

def flash_attn_with_kvcache(q, k_cache, v_cache, cache_seqlens, block_table, softmax_scale, causal):
    return fa4(q, k_cache, v_cache, seqused_k=cache_seqlens, page_table=block_table, softmax_scale=softmax_scale,
               causal=causal)[0]

flash_attn.flash_attn_varlen_func, flash_attn.flash_attn_with_kvcache = flash_attn_varlen_func, flash_attn_with_kvcache
import nanovllm
init = nanovllm.LLM.__init__
def timed_init(self, *args, **kwargs):
    t = time.perf_counter()
    init(self, *args, **kwargs)
    print(f"start: {time.perf_counter() - t:.1f} s", flush=True)
nanovllm.LLM.__init__ = timed_init
src, path = open("bench.py").read(), 'os.path.expanduser("~/huggingface/Qwen3-0.6B/")'
assert path in src, "bench.py no longer reads ~/huggingface/Qwen3-0.6B/: this shim was written for commit bb823b3"
src = src.replace(path, repr(sys.argv[1]))
exec(compile(src, "bench.py", "exec"), {"__name__": "__main__"})
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("nano_vllm_dir", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    from nanovllm.benchmark import bench_model   # ours: the checkpoint both engines read
    model = str(bench_model())
    theirs = args.nano_vllm_dir.resolve()
    path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).resolve() != repo]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(theirs), *path]))
    rates = []
    for i in range(args.runs):
        p = subprocess.run([sys.executable, "-c", SHIM, model], cwd=theirs, env=env, capture_output=True, text=True)
        lines = [line for line in p.stdout.splitlines() if line.startswith(("start", "Total"))]
        print(f"run {i + 1}:", " | ".join(lines) or p.stderr[-3000:], flush=True)
        rates += [float(m) for m in re.findall(r"Throughput: ([\d.]+)tok/s", p.stdout)]
    if rates: print(f"nano-vLLM median of {len(rates)}: {statistics.median(rates):.0f} tok/s")
    return 0 if len(rates) == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
