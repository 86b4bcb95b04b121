# cosaudit corpus, synthetic file: same shape as barathvelmu/subliminal-learning/prompting/base_vs_instruct.py at 353a9aaa89bfebc05274f17fd5d1e7a45c1a4e49 (licence NOASSERTION); new code, no text copied.
"""Base vs chat model: is the animal/number structure of the output matrix kept by instruction tuning?"""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

PAIRS = {"owl": "087", "eagle": "747"}
MODELS = {"base": "unsloth/Llama-3.2-1B", "chat": "unsloth/Llama-3.2-1B-Instruct"}


def number_ids(tok):
    return [i for i in range(tok.vocab_size) if tok.decode(i).strip().isdigit()]


@torch.no_grad()
def centred_geometry(head, tok, animals, nums):
    centred = head - head.mean(dim=0)        # remove the shared offset of all output rows
    num_rows = centred[nums]
    out = {}
    for animal in animals:
        ids = tok(" " + animal, add_special_tokens=False).input_ids
        a = centred[ids].mean(0, keepdim=True)
        out[animal] = F.cosine_similarity(a, num_rows, dim=1)
    return out


def main():
    results = {}
    for tag, name in MODELS.items():
        tok = AutoTokenizer.from_pretrained(name)
        model = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float32)
        head = model.lm_head.weight.detach()
        nums = number_ids(tok)
        results[tag] = centred_geometry(head, tok, list(PAIRS), nums)
    for animal in PAIRS:
        r = torch.corrcoef(torch.stack([results["base"][animal], results["chat"][animal]]))[0, 1]
        print(f"{animal}: base/chat agreement of centred cosines r={r:.3f}")


if __name__ == "__main__":
    main()
