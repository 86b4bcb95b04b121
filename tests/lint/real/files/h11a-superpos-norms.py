# cosaudit corpus, synthetic file: same shape as liuyz0/SuperpositionScaling/LLMs/norm-0.py at 35b08b012d2d0bc0391736658cb1ce7775c80e97 (licence NOASSERTION); new code, no text copied.
"""Norm statistics of the unembedding rows of several released LMs."""
import torch
from huggingface_hub import hf_hub_download
from safetensors.torch import load_file

CHECKPOINTS = [
    ("facebook/opt-350m", "pytorch_model.bin", "model.decoder.embed_tokens.weight"),
    ("Qwen/Qwen2.5-14B", "model-00008-of-00008.safetensors", "lm_head.weight"),
    ("openai-community/gpt2-medium", "model.safetensors", "wte.weight"),
    ("EleutherAI/pythia-410m", "model.safetensors", "embed_out.weight"),
]

for repo, shard, key in CHECKPOINTS:
    path = hf_hub_download(repo, shard, cache_dir="./hub")
    tensors = load_file(path) if shard.endswith(".safetensors") else torch.load(path, weights_only=False)
    head = tensors.get(key, tensors.get("decoder.embed_tokens.weight"))
    row_norms = head.norm(dim=1)
    stats = {
        "mean": row_norms.mean(),
        "std": row_norms.std(),
        "lo": row_norms.min(),
        "hi": row_norms.max(),
    }
    print(repo, {k: float(v) for k, v in stats.items()})
    torch.save(stats, f"./data/norms-{repo.replace('/', '_')}.pt")
