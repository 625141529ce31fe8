"GPU probe 5: decode attention launch parameters (tile, warps, stages, splits) by batch size, bench-like contexts."
import torch, triton
from nanovllm.attention import Context, decode_attention_triton, decode_splits

dev, dt = "cuda", torch.bfloat16
H, Hkv, D = 16, 8, 128
g = torch.Generator().manual_seed(0)
kc, vc = torch.randn(2, 4000, 256, Hkv, D, device=dev, dtype=dt).unbind(0)
for B in (16, 48, 96, 128, 192, 256):
    lens = torch.randint(300, 2000, (B,), generator=g)
    bt = torch.randperm(4000, generator=g)[:B * 16].view(B, 16).int().to(dev)
    c = Context(context_lens=lens.int().to(dev), block_tables=bt)
    q = torch.randn(B, H, D, device=dev, dtype=dt)
    gb = lambda t: lens.sum().item() * Hkv * D * 2 * 2 / t / 1e6
    res, auto_S = [], decode_splits(B, Hkv, 64, 132)
    for bn in (32, 64, 128):
        for nw in (2, 4, 8):
            for st in (1, 2, 3, 4):
                for S in sorted({1, 2, 3, auto_S}):
                    try: t = triton.testing.do_bench_cudagraph(lambda: decode_attention_triton(q, kc, vc, c, D ** -0.5, num_splits=S, block_n=bn, num_warps=nw, num_stages=st), rep=30)
                    except Exception: continue
                    res.append((t, bn, nw, st, S))
    res.sort()
    now = next((r[0] for r in res if r[1:] == (64, 4, 2, auto_S)), float("nan"))
    print(f"B={B:>3}: now {gb(now):5.0f} GB/s; best {gb(res[0][0]):5.0f} GB/s at (block_n, warps, stages, splits) = {res[0][1:]}; "
          f"next {[(round(gb(r[0])), r[1:]) for r in res[1:5]]}", flush=True)
