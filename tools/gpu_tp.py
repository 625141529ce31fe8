"Tensor parallelism on two GPUs: TP=2 vs TP=1 tokens (the engine chapter's bf16 criterion) and the benchmark at both."
import random, time, torch
from nanovllm.benchmark import bench_model, main as bench_main
from nanovllm.engine import LLM, first_divergence, hf_greedy
from nanovllm.config import SamplingParams

if __name__ == "__main__":
    print(torch.cuda.device_count(), "x", torch.cuda.get_device_name(), flush=True)
    path = str(bench_model())
    rng = random.Random(0)
    prompts = [[rng.randrange(3, 150000) for _ in range(rng.randrange(1, 600))] for _ in range(16)]
    sp = SamplingParams(temperature=0, max_tokens=24, ignore_eos=True)
    outs = {}
    for tp in (1, 2):
        t = time.time(); llm = LLM(path, tensor_parallel_size=tp); start = time.time() - t
        outs[tp] = [o.outputs[0].token_ids for o in llm.generate(prompts, sp, use_tqdm=False)]
        llm.exit(); print(f"tp={tp}: engine started in {start:.1f}s", flush=True)
    from transformers import Qwen3ForCausalLM
    refs = {}
    for name, dt in [("fp32", torch.float32), ("bf16", torch.bfloat16)]:
        m = Qwen3ForCausalLM.from_pretrained(path, dtype=dt).cuda().eval()
        refs[name] = hf_greedy(m, prompts, 24, None); del m; torch.cuda.empty_cache()
    mean = lambda xs: sum(xs) / len(xs)
    d = {k: [first_divergence(a, b) for a, b in zip(v, refs["fp32"])] for k, v in [("tp1", outs[1]), ("tp2", outs[2]), ("hf16", refs["bf16"])]}
    print("first divergence from transformers fp32 (of 24):", {k: round(mean(v), 1) for k, v in d.items()})
    print("TP=2 vs TP=1 first divergence:", sorted(first_divergence(a, b) for a, b in zip(outs[1], outs[2])))
    print("criterion (mean tp2 >= 0.8 * mean hf16):", mean(d["tp2"]) >= 0.8 * mean(d["hf16"]), flush=True)
    bench_main(["--runs", "1"])
    bench_main(["--runs", "1", "--tensor-parallel-size", "2"])
