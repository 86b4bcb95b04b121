# Synthetic rewrite of the shape of KieraChan/soft-target-project:st_project_full_wikitext2.py at af108ea37e46985b9cc182d4f30f137c5f00cdec (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel


class Settings:
    teacher_name = "openai-community/gpt2"
    temperature = 0.07
    block = 128


settings = Settings()
dev = "cuda" if torch.cuda.is_available() else "cpu"

# Frozen vocabulary table from a pretrained checkpoint; it shapes the smoothed targets.
with torch.no_grad():
    teacher = GPT2LMHeadModel.from_pretrained(settings.teacher_name)
    vocab_table = teacher.transformer.wte.weight.detach().clone()
del teacher

vocab_table = F.normalize(vocab_table.to(dev), p=2, dim=-1)


def smoothed_target_loss(logits, ids, table, temperature=0.07, block=128):
    """Targets spread over tokens near the gold token (unit rows, so dot = cosine)."""
    preds = logits[:, :-1, :].reshape(-1, logits.size(-1))
    gold = ids[:, 1:].reshape(-1)
    acc, n = torch.zeros((), device=logits.device), 0
    for lo in range(0, preds.size(0), block):
        hi = min(lo + block, preds.size(0))
        logp = F.log_softmax(preds[lo:hi], dim=-1)
        with torch.no_grad():
            rows = table[gold[lo:hi]]
            affinity = rows @ table.T
            soft = F.softmax(affinity / temperature, dim=-1)
        acc = acc + (-(soft * logp).sum(-1)).sum()
        n += hi - lo
    return acc / n
