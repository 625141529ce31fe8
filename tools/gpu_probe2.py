"GPU probe 2: where the per-step time goes (graph replay vs kernels vs CPU launch), and a fused Triton GEMM prototype."
import os, sys, time, statistics, math
import torch, triton, triton.language as tl
import torch.nn.functional as F
from nanovllm.benchmark import bench_model
from nanovllm.model_runner import ModelRunner
from nanovllm.config import Config
from nanovllm.sequence import Sequence
from nanovllm.layers import rms_norm_triton, silu_and_mul_triton

def graph_time(fn, reps=28, iters=20):
    s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(2): fn()
    torch.cuda.current_stream().wait_stream(s); torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(reps): fn()
    g.replay(); torch.cuda.synchronize()
    ts = []
    for _ in range(iters):
        a, b = torch.cuda.Event(True), torch.cuda.Event(True)
        a.record(); g.replay(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b) / reps * 1e3)
    return statistics.median(ts)   # us per call

@triton.jit
def _lin(x_ptr, w_ptr, y_ptr, nw_ptr, r_ptr, M, N, K, eps, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
         NORM: tl.constexpr, SILU: tl.constexpr, RESID: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm, rn, rk = pm * BM + tl.arange(0, BM), pn * BN + tl.arange(0, BN), tl.arange(0, BK)
    mm = rm < M
    if NORM:
        ss = tl.zeros([BM], tl.float32)
        for k0 in range(0, K, BK):
            a = tl.load(x_ptr + rm[:, None] * K + k0 + rk[None, :], mask=mm[:, None], other=0.0).to(tl.float32)
            ss += tl.sum(a * a, 1)
        rstd = tl.rsqrt(ss / K + eps)
    acc = tl.zeros([BM, BN], tl.float32)
    acc2 = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(x_ptr + rm[:, None] * K + k0 + rk[None, :], mask=mm[:, None], other=0.0)
        if NORM:
            nw = tl.load(nw_ptr + k0 + rk).to(tl.float32)
            a = ((a.to(tl.float32) * rstd[:, None]).to(a.dtype).to(tl.float32) * nw[None, :]).to(a.dtype)
        b = tl.load(w_ptr + rn[None, :] * K + k0 + rk[:, None])
        acc = tl.dot(a, b, acc)
        if SILU:
            b2 = tl.load(w_ptr + (rn[None, :] + N) * K + k0 + rk[:, None])
            acc2 = tl.dot(a, b2, acc2)
    out = acc.to(y_ptr.dtype.element_ty)
    if SILU:
        g = out.to(tl.float32)
        s = (g / (1.0 + tl.exp(-g))).to(y_ptr.dtype.element_ty)
        out = (s.to(tl.float32) * acc2.to(y_ptr.dtype.element_ty).to(tl.float32)).to(y_ptr.dtype.element_ty)
    if RESID:
        r = tl.load(r_ptr + rm[:, None] * N + rn[None, :], mask=mm[:, None], other=0.0)
        out = (out.to(tl.float32) + r.to(tl.float32)).to(y_ptr.dtype.element_ty)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], out, mask=mm[:, None])

def lin(x, w, y, BM, BN, BK, nw=None, silu=False, resid=None, warps=4, stages=3):
    M, K = x.shape; N = w.shape[0] // (2 if silu else 1)
    _lin[(triton.cdiv(M, BM), N // BN)](x, w, y, nw if nw is not None else x, resid if resid is not None else y, M, N, K, 1e-6,
                                        BM=BM, BN=BN, BK=BK, NORM=nw is not None, SILU=silu, RESID=resid is not None,
                                        num_warps=warps, num_stages=stages)

def gemm_probe():
    dev, dt = "cuda", torch.bfloat16
    shapes = dict(qkv=(1024, 4096), o=(2048, 1024), gate_up=(1024, 6144), down=(3072, 1024))
    W = {k: torch.randn(n, kk, device=dev, dtype=dt) * 0.02 for k, (kk, n) in shapes.items()}
    nw = torch.rand(1024, device=dev, dtype=dt) + 0.5
    for M in (8, 64, 256):
        x = {k: torch.randn(M, kk, device=dev, dtype=dt) for k, (kk, n) in shapes.items()}
        line = [f"M={M:>3}"]
        for k, (kk, n) in shapes.items():
            y = torch.empty(M, n, device=dev, dtype=dt)
            t_cub = graph_time(lambda: torch.mm(x[k], W[k].t(), out=y))
            best = (1e9, None)
            for BM in ((16,) if M <= 16 else (16, 64) if M <= 64 else (64, 128)):
                for BN in (32, 64, 128):
                    for BK in (128, 256):
                        for st in (3,):
                            try: t = graph_time(lambda: lin(x[k], W[k], y, BM, BN, BK, stages=st), iters=5)
                            except Exception as e: continue
                            if t < best[0]: best = (t, (BM, BN, BK, st))
            ref = torch.mm(x[k], W[k].t()); lin(x[k], W[k], y, *best[1][:3], stages=best[1][3])
            err = (y.float() - ref.float()).abs().max().item()
            line.append(f"{k}: cublas {t_cub:5.1f} triton {best[0]:5.1f} {best[1]} err {err:.1e}")
        print("  ".join(line), flush=True)
        # fused blocks vs unfused: attention input (rms+qkv) and MLP (rms+gate_up+silu, down+residual)
        h, r = torch.randn(M, 1024, device=dev, dtype=dt), torch.randn(M, 1024, device=dev, dtype=dt)
        qkv = torch.empty(M, 4096, device=dev, dtype=dt); act = torch.empty(M, 3072, device=dev, dtype=dt)
        gu = torch.empty(M, 6144, device=dev, dtype=dt); out = torch.empty(M, 1024, device=dev, dtype=dt)
        bufs = (torch.empty(M, 1024, device=dev, dtype=dt), torch.empty(M, 1024, device=dev, dtype=dt))
        def unfused():
            xn, _ = rms_norm_triton(h, nw, 1e-6, r, out=bufs)
            torch.mm(xn, W["gate_up"].t(), out=gu); silu_and_mul_triton(gu, out=act); torch.mm(act, W["down"].t(), out=out)
        t_un = graph_time(unfused)
        best = (1e9, None)
        BMs = (16,) if M <= 16 else (16, 64) if M <= 64 else (64, 128)
        for BM in BMs:
            for BN in (32, 64):
                for BK in (128,):
                    try: t = graph_time(lambda: lin(h, W["gate_up"], act, BM, BN, BK, nw=nw, silu=True), iters=5)
                    except Exception: continue
                    if t < best[0]: best = (t, (BM, BN, BK))
        cfg_gu = best
        best = (1e9, None)
        for BM in BMs:
            for BN in (32, 64):
                for BK in (128, 256):
                    try: t = graph_time(lambda: lin(act, W["down"], out, BM, BN, BK, resid=r), iters=5)
                    except Exception: continue
                    if t < best[0]: best = (t, (BM, BN, BK))
        print(f"   MLP unfused (rms+gemm+silu+gemm) {t_un:6.1f} us; fused gate_up(norm,silu) {cfg_gu[0]:5.1f} {cfg_gu[1]} "
              f"+ down(resid) {best[0]:5.1f} {best[1]} = {cfg_gu[0] + best[0]:6.1f} us", flush=True)

def runner_probe():
    model = bench_model()
    r = ModelRunner(Config(model=str(model), num_kvcache_blocks=1200, max_num_seqs=256, max_model_len=1280))
    for bs, ctx in [(1, 800), (8, 800), (32, 800), (64, 800), (128, 800), (256, 800)]:
        seqs = []
        for i in range(bs):
            s = Sequence([1] * ctx, block_size=r.block_size); s.block_table = list(range(i * 4, i * 4 + 4))
            s.num_computed_tokens, s.num_scheduled_tokens = ctx - 1, 1; seqs.append(s)
        for _ in range(3): r.run(seqs, False)
        torch.cuda.synchronize(); t = time.perf_counter()
        for _ in range(20): r.run(seqs, False)
        torch.cuda.synchronize(); sync_step = (time.perf_counter() - t) / 20
        cpu = []
        for _ in range(20):
            t = time.perf_counter(); out = r.launch(seqs, False); cpu.append(time.perf_counter() - t); out.tolist()
        torch.cuda.synchronize(); t = time.perf_counter(); prev = None
        for _ in range(40):
            out = r.launch(seqs, False)
            if prev is not None: prev.tolist()
            prev = out
        prev.tolist(); overl = (time.perf_counter() - t) / 40
        g = r.graphs[next(b for b in r.graph_bs if b >= bs)]
        torch.cuda.synchronize(); t = time.perf_counter()
        for _ in range(40): g.replay()
        torch.cuda.synchronize(); replay = (time.perf_counter() - t) / 40
        from torch.profiler import profile, ProfilerActivity
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(5): g.replay()
            torch.cuda.synchronize()
        ev = [e for e in prof.events() if e.device_type.name == "CUDA"]
        ksum = sum(e.device_time for e in ev) / 5 / 1e3
        attn = sum(e.device_time for e in ev if "decode" in e.name) / 5 / 1e3
        print(f"bs={bs:>3}: sync step {sync_step*1e3:5.2f} ms | launch() CPU {statistics.median(cpu)*1e3:5.2f} ms | "
              f"overlapped {overl*1e3:5.2f} ms | graph replay {replay*1e3:5.2f} ms, kernels {ksum:5.2f} ms "
              f"(attention {attn:5.2f}) in {len(ev)/5:.0f} kernels -> gaps {replay*1e3 - ksum:5.2f} ms", flush=True)
    r.exit()

def sampler_probe():
    from nanovllm.layers import sample_triton
    for B in (8, 64, 256):
        lg = torch.randn(B, 151936, device="cuda", dtype=torch.bfloat16)
        tt, sd, st = torch.full((B,), 0.6, device="cuda"), torch.arange(B, device="cuda"), torch.arange(B, device="cuda") + 100
        res = []
        for chunks in (8, 16, 32, 64):
            for block in (512, 1024, 2048):
                res.append((graph_time(lambda: sample_triton(lg, tt, sd, st, chunks, block), reps=10), chunks, block))
        res.sort()
        print(f"sampler B={B}: best {res[0][0]:.1f} us (chunks {res[0][1]}, block {res[0][2]}); default(16,1024) "
              f"{next(t for t, c, b in res if (c, b) == (16, 1024)):.1f} us; floor {B * 151936 * 2 / 3.0e6:.1f} us", flush=True)

@triton.jit
def _lin_splitk(x_ptr, w_ptr, part_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, KS: tl.constexpr):
    pn, ps = tl.program_id(0), tl.program_id(1)
    rm, rn, rk = tl.arange(0, BM), pn * BN + tl.arange(0, BN), tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(ps * KS, ps * KS + KS, BK):
        a = tl.load(x_ptr + rm[:, None] * K + k0 + rk[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(w_ptr + rn[None, :] * K + k0 + rk[:, None])
        acc = tl.dot(a, b, acc)
    tl.store(part_ptr + (ps * M + rm[:, None]) * N + rn[None, :], acc, mask=rm[:, None] < M)

@triton.jit
def _sum_rms(part_ptr, r_ptr, w_ptr, y_ptr, M, N, S, eps, BLOCK: tl.constexpr):
    row, cols = tl.program_id(0), tl.arange(0, BLOCK)
    x = tl.zeros([BLOCK], tl.float32)
    for s in range(S): x += tl.load(part_ptr + (s * M + row) * N + cols)
    x = x.to(tl.bfloat16).to(tl.float32) + tl.load(r_ptr + row * N + cols).to(tl.float32)
    xb = x.to(tl.bfloat16)
    tl.store(r_ptr + row * N + cols, xb)
    xf = xb.to(tl.float32)
    y = (xf * tl.rsqrt(tl.sum(xf * xf, 0) / N + eps)).to(tl.bfloat16)
    tl.store(y_ptr + row * N + cols, (y.to(tl.float32) * tl.load(w_ptr + cols).to(tl.float32)).to(tl.bfloat16))

def splitk_probe():
    dev, dt = "cuda", torch.bfloat16
    nw = torch.rand(1024, device=dev, dtype=dt) + 0.5
    for name, K in (("o", 2048), ("down", 3072)):
        W = torch.randn(1024, K, device=dev, dtype=dt) * 0.02
        for M in (1, 8, 32, 64, 128):
            x = torch.randn(M, K, device=dev, dtype=dt)
            r = torch.randn(M, 1024, device=dev, dtype=dt); y = torch.empty_like(r)
            o = torch.empty(M, 1024, device=dev, dtype=dt)
            bufs = (torch.empty(M, 1024, device=dev, dtype=dt), torch.empty(M, 1024, device=dev, dtype=dt))
            def cub():
                torch.mm(x, W.t(), out=o); rms_norm_triton(o, nw, 1e-6, r, out=bufs)
            t_cub, t_gemm = graph_time(cub), graph_time(lambda: torch.mm(x, W.t(), out=o))
            best = (1e9, None)
            BM = max(16, triton.next_power_of_2(M))
            for BN in (16, 32, 64):
                for S in (2, 4, 8, 16):
                    for BK in (64, 128):
                        KS = K // S
                        if KS % BK: continue
                        part = torch.empty(S, M, 1024, device=dev, dtype=torch.float32)
                        def fused():
                            _lin_splitk[(1024 // BN, S)](x, W, part, M, 1024, K, BM=BM, BN=BN, BK=BK, KS=KS, num_warps=4)
                            _sum_rms[(M,)](part, r, nw, y, M, 1024, S, 1e-6, BLOCK=1024, num_warps=4)
                        try: t = graph_time(fused, iters=5)
                        except Exception as e: print(e); continue
                        if t < best[0]: best = (t, (BN, S, BK))
            print(f"{name} M={M:>3}: cuBLAS gemm {t_gemm:5.1f} us, + rms {t_cub:5.1f} us | split-K + sum-rms {best[0]:5.1f} us {best[1]}", flush=True)

what = sys.argv[1:] or ["runner", "gemm"]
if "splitk" in what: splitk_probe()
if "sampler" in what: sampler_probe()
if "runner" in what: runner_probe()
if "gemm" in what: gemm_probe()
