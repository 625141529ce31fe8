__version__ = "0.1.0"
# The one hand-kept file of the package: nbdev only stamps the version here (see nbs/14_engine.ipynb).
from nanovllm.config import Config, SamplingParams

def __getattr__(name):  # LLM loads torch and transformers: import it on first use
    if name in ("LLM", "LLMEngine"):
        from nanovllm import engine
        return getattr(engine, name)
    raise AttributeError(f"module 'nanovllm' has no attribute {name!r}")
