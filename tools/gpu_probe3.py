"GPU probe 3: kernel tables of a 16k-token prefill step and of decode steps (H100), to see where step time goes."
import time, torch
from torch.profiler import profile, ProfilerActivity
from nanovllm.benchmark import bench_model
from nanovllm.model_runner import ModelRunner
from nanovllm.config import Config
from nanovllm.sequence import Sequence

def table(fn, n=3, top=12):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(n): fn()
        torch.cuda.synchronize()
    ev = [e for e in prof.events() if e.device_type.name == "CUDA"]
    print(f"  {len(ev) / n:.0f} kernels/step, kernel time {sum(e.device_time for e in ev) / n / 1e3:.2f} ms")
    for e in sorted(prof.key_averages(), key=lambda e: -e.device_time_total)[:top]:
        print(f"    {e.device_time_total / n / 1e3:7.3f} ms  {e.count // n:4d}x  {e.key[:80]}")

r = ModelRunner(Config(model=str(bench_model()), num_kvcache_blocks=1200, max_num_seqs=256, max_model_len=2048))
lens = [550] * 29 + [16384 - 550 * 29]
seqs, b = [], 0
for L in lens:
    s = Sequence([7] * L, block_size=r.block_size); nb = -(-L // r.block_size)
    s.block_table = list(range(b, b + nb)); b += nb; s.num_scheduled_tokens = L; seqs.append(s)
for _ in range(2): r.run(seqs, True)
torch.cuda.synchronize(); t = time.perf_counter()
for _ in range(5): r.run(seqs, True)
torch.cuda.synchronize(); step = (time.perf_counter() - t) / 5
print(f"prefill 16384 tokens in {len(lens)} seqs: {step * 1e3:.1f} ms/step ({16384 / step:,.0f} tok/s); "
      f"GEMM floor at 700 TFLOP/s: {2 * 0.44e9 * 16384 / 700e12 * 1e3:.1f} ms")
table(lambda: r.run(seqs, True))
cpu = []
for _ in range(5):
    torch.cuda.synchronize(); t = time.perf_counter(); out = r.launch(seqs, True); cpu.append(time.perf_counter() - t); out.tolist()
print(f"  prefill launch() CPU time {sorted(cpu)[2] * 1e3:.1f} ms")
for bs in (8, 64, 256):
    seqs = []
    for i in range(bs):
        s = Sequence([1] * 800, block_size=r.block_size); s.block_table = list(range(i * 4, i * 4 + 4))
        s.num_computed_tokens, s.num_scheduled_tokens = 799, 1; seqs.append(s)
    for _ in range(3): r.run(seqs, False)
    print(f"decode bs={bs} ctx=800:")
    table(lambda: r.run(seqs, False), top=10)
r.exit()
