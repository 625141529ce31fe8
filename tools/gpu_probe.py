"GPU probe: baseline throughput on nano-vLLM's workload and a kernel profile of one decode step (run on the H100)."
import os, sys, time, json, statistics
import torch
from nanovllm.benchmark import bench_workload, bench_model, time_engine
from nanovllm.model_runner import ModelRunner
from nanovllm.config import Config
from nanovllm.sequence import Sequence

out = os.environ.get("OUT", "/tmp")
t = time.time(); model = bench_model(); print(f"bench model ready in {time.time() - t:.1f}s", flush=True)
what = sys.argv[1:] or ["bench", "profile"]

if "bench" in what:
    prompts, sps = bench_workload()
    r = time_engine(model, prompts, sps, trace=True)
    trace = r.pop("trace")
    print(json.dumps(r), flush=True)
    dec = [(b - a) for (a, p, *_), (b, *_) in zip(trace, trace[1:]) if not p]
    rows = [(b - a, run, p) for (a, p, n, run, used), (b, *_) in zip([(0.0, True, 0, 0, 0)] + trace, trace)]
    for lo, hi in [(1, 16), (17, 64), (65, 128), (129, 192), (193, 256)]:
        sel = [d for d, run, p in rows if not p and lo <= run <= hi]
        if sel: print(f"  decode running {lo:>3}-{hi:<3}: {len(sel):>4} steps, {sum(sel):6.2f}s, mean {1e3*sum(sel)/len(sel):6.2f} ms")
    print(f"  prefill: {sum(1 for _, _, p in rows if p)} steps, {sum(d for d, _, p in rows if p):.2f}s")
    print(f"steps {len(trace)}, decode steps {len(dec)}, median decode step {statistics.median(dec)*1e3:.2f} ms, "
          f"sum decode {sum(dec):.2f}s, prefill time {sum((b - a) for (a, p, *_), (b, *_) in zip(trace, trace[1:]) if p):.2f}s")
    json.dump(trace, open(f"{out}/trace.json", "w"))

if "profile" in what:
    r = ModelRunner(Config(model=str(model), num_kvcache_blocks=1200, max_num_seqs=256, max_model_len=1280))
    for bs, ctx in [(256, 800), (64, 800), (8, 800), (1, 800)]:
        seqs = []
        for i in range(bs):
            s = Sequence([1] * ctx, block_size=r.block_size); s.block_table = list(range(i * 4, i * 4 + 4))
            s.num_computed_tokens, s.num_scheduled_tokens = ctx - 1, 1; seqs.append(s)
        for _ in range(3): r.run(seqs, False)
        torch.cuda.synchronize(); t = time.perf_counter()
        for _ in range(20): r.run(seqs, False)
        torch.cuda.synchronize(); step = (time.perf_counter() - t) / 20
        kv_bytes = bs * ctx * 28 * 8 * 128 * 2 * 2
        print(f"decode bs={bs:>3} ctx={ctx}: {step*1e3:.2f} ms/step (KV {kv_bytes/1e9:.2f} GB -> {kv_bytes/step/1e12:.2f} TB/s)", flush=True)
        if bs in (256, 8):
            from torch.profiler import profile, ProfilerActivity
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                for _ in range(3): r.run(seqs, False)
                torch.cuda.synchronize()
            ev = [e for e in prof.events() if e.device_type.name == "CUDA"]
            print(f"  {len(ev) / 3:.0f} GPU kernels per step")
            for e in sorted(prof.key_averages(), key=lambda e: -e.device_time_total)[:14]:
                print(f"    {e.device_time_total / 3 / 1e3:7.3f} ms/step  {e.count // 3:4d}/step  {e.key[:70]}")
