"GPU probe 4: launch parameters of three kernels on the H100: q/k-norm+RoPE+store, prefill attention, decode splits."
import statistics, torch, triton
from nanovllm.layers import qk_norm_rope_triton
from nanovllm.attention import Context, prefill_attention_triton, decode_attention_triton

def bench(fn):
    return triton.testing.do_bench_cudagraph(fn, rep=50) * 1e3   # us

dev, dt = "cuda", torch.bfloat16
H, Hkv, D = 16, 8, 128
cs = torch.randn(4096, D, device=dev)
for N in (8, 64, 256, 16384):
    qkv = torch.randn(N, (H + 2 * Hkv) * D, device=dev, dtype=dt)
    q, k, v = qkv.split([H * D, Hkv * D, Hkv * D], -1)
    pos = torch.randint(0, 4096, (N,), device=dev)
    w = torch.ones(D, device=dev, dtype=dt)
    kc, vc = torch.empty(2, 2000, 256, Hkv, D, device=dev, dtype=dt).unbind(0)
    slots = torch.randperm(2000 * 256, device=dev)[:N].int()
    out = (torch.empty(N, H * D, device=dev, dtype=dt), torch.empty(N, Hkv * D, device=dev, dtype=dt))
    res = sorted((bench(lambda: qk_norm_rope_triton(pos, q, k, cs, w, w, 1e-6, out=out, cache=(v, kc, vc, slots),
                                                    heads_per_program=hp, num_warps=nw)), hp, nw)
                 for hp in (2, 4, 8, 16) for nw in (1, 2, 4, 8))
    cur = next(t for t, hp, nw in res if (hp, nw) == (4, 2))
    print(f"rope+store N={N:>5}: best {res[0][0]:7.1f} us (heads/program {res[0][1]}, warps {res[0][2]}); now (4, 2) {cur:7.1f} us; "
          f"16/4: {next(t for t, hp, nw in res if (hp, nw) == (16, 4)):7.1f}", flush=True)

lens = [550] * 29 + [434]
N = sum(lens)
q = torch.randn(N, H, D, device=dev, dtype=dt); k = torch.randn(N, Hkv, D, device=dev, dtype=dt); v = torch.randn_like(k)
cu = torch.tensor([0] + lens, device=dev).cumsum(0).int()
ctx = Context(is_prefill=True, cu_seqlens_q=cu, cu_seqlens_k=cu, max_seqlen_q=max(lens), max_seqlen_k=max(lens))
flops = sum(2 * 2 * L * L * D * H / 2 for L in lens)
res = []
for bm in (64, 128):
    for bn in (32, 64, 128):
        for nw in (4, 8):
            for st in (2, 3, 4):
                try: t = bench(lambda: prefill_attention_triton(q, k, v, k, v, ctx, D ** -0.5, block_m=bm, block_n=bn, num_warps=nw, num_stages=st))
                except Exception as e: continue
                res.append((t, bm, bn, nw, st))
res.sort()
cur = next(r[0] for r in res if r[1:] == (64, 64, 4, 2))
print(f"prefill attention, 30 seqs / {N} tokens: now {cur:.0f} us ({flops / cur / 1e6:.0f} TFLOP/s); best {res[0][0]:.0f} us "
      f"({flops / res[0][0] / 1e6:.0f} TFLOP/s) at block_m, block_n, warps, stages = {res[0][1:]}; next: {[r[1:] for r in res[1:4]]}", flush=True)

g = torch.Generator().manual_seed(0)
kc, vc = torch.randn(2, 4000, 256, Hkv, D, device=dev, dtype=dt).unbind(0)
for B in (4, 8, 16, 24, 32, 48, 64, 96):
    lens = torch.randint(600, 1400, (B,), generator=g)
    bt = torch.randperm(4000, generator=g)[:B * 16].view(B, 16).int().to(dev)
    c = Context(context_lens=lens.int().to(dev), block_tables=bt)
    qd = torch.randn(B, H, D, device=dev, dtype=dt)
    gb = lambda t: lens.sum().item() * Hkv * D * 2 * 2 / t / 1e3
    row = []
    for S in (1, 2, 3, 4, 6, 8, 12, 16):
        row.append((bench(lambda: decode_attention_triton(qd, kc, vc, c, D ** -0.5, num_splits=S)), S))
    auto = bench(lambda: decode_attention_triton(qd, kc, vc, c, D ** -0.5))
    best = min(row)
    print(f"decode B={B:>3}: auto {gb(auto):6.0f} GB/s; best S={best[1]:>2} {gb(best[0]):6.0f} GB/s; "
          + " ".join(f"S{S}:{gb(t):.0f}" for t, S in row), flush=True)
