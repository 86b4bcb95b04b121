# cosaudit corpus, synthetic file: same shape as liuyz0/SuperpositionScaling/LLMs/overlap-0.py at 35b08b012d2d0bc0391736658cb1ce7775c80e97 (licence NOASSERTION); new code, no text copied.
"""Mean |cosine| between the unembedding rows of several released LMs, computed block by block."""
import time

import torch
from huggingface_hub import hf_hub_download
from safetensors.torch import load_file

BLOCK = 4096

# (repo id, checkpoint shard, tensor holding the output head)
CHECKPOINTS = [
    ("facebook/opt-125m", "pytorch_model.bin", "model.decoder.embed_tokens.weight"),
    ("facebook/opt-1.3B", "pytorch_model.bin", "model.decoder.embed_tokens.weight"),
    ("Qwen/Qwen2.5-7B", "model-00004-of-00004.safetensors", "lm_head.weight"),
    ("openai-community/gpt2", "model.safetensors", "wte.weight"),
    ("openai-community/gpt2-large", "model.safetensors", "wte.weight"),
    ("EleutherAI/pythia-160m", "model.safetensors", "embed_out.weight"),
    ("EleutherAI/pythia-1b", "model.safetensors", "embed_out.weight"),
]


def read_head(repo, shard, key):
    path = hf_hub_download(repo, shard, cache_dir="./hub")
    tensors = load_file(path, device="cuda") if shard.endswith(".safetensors") else torch.load(path, map_location="cuda")
    return tensors[key] if key in tensors else tensors["decoder.embed_tokens.weight"]


for repo, shard, key in CHECKPOINTS:
    t0 = time.time()
    head = read_head(repo, shard, key)
    vocab, width = head.shape
    pairs = vocab * (vocab - 1) / 2
    total, total_sq = 0.0, 0.0
    for a in range(0, vocab, BLOCK):
        rows_a = head[a:a + BLOCK] / head[a:a + BLOCK].norm(dim=-1, keepdim=True)
        for b in range(a, vocab, BLOCK):
            rows_b = head[b:b + BLOCK] / head[b:b + BLOCK].norm(dim=-1, keepdim=True)
            cos = (rows_a @ rows_b.T).abs()
            if a == b:
                cos = cos.triu(diagonal=1)
            total += cos.double().sum().item() / pairs
            total_sq += (cos ** 2).double().sum().item() / pairs
    summary = {"n": vocab, "m": width, "mean_overlap": total, "std_overlap": (total_sq - total ** 2) ** 0.5}
    print(repo, summary, f"{time.time() - t0:.1f}s")
    torch.save(summary, f"overlap-{repo.replace('/', '_')}.pt")
