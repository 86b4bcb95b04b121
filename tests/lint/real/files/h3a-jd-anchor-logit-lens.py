# cosaudit corpus, synthetic file: same shape as JuliaDima/mech-interp-qwen3/experiments/concept_localization/anchor_logit_lens.py at da08c572149ed163c94b9f06c2507017dce56bfa (licence NOASSERTION); new code, no text copied.
"""Read the mean anchor deltas of each layer through the final norm and the (tied) unembedding."""
import json
import torch
from safetensors import safe_open
from transformers import AutoTokenizer

MODEL = "Qwen/Qwen3-0.6B"


def load_readout(path):
    with safe_open(path, framework="pt") as f:
        unembed = f.get_tensor("model.embed_tokens.weight").float()   # tied: (vocab, d_model)
        gamma = f.get_tensor("model.norm.weight").float()
    return unembed, gamma, AutoTokenizer.from_pretrained(MODEL)


def rms(x, gamma, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma


def lens(deltas_path, weights_path, k=15):
    unembed, gamma, tok = load_readout(weights_path)
    deltas = torch.load(deltas_path)
    report = {}
    for layer, (pos, neg) in deltas.items():
        up = unembed @ rms(pos.mean(0), gamma)
        down = unembed @ rms(neg.mean(0), gamma)
        report[layer] = [tok.decode([i]) for i in (up - down).topk(k).indices.tolist()]
    return report


if __name__ == "__main__":
    print(json.dumps(lens("deltas.pt", "model.safetensors"), indent=1))
