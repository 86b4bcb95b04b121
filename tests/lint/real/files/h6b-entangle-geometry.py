# cosaudit corpus, synthetic file: same shape as AkshTi/takehome/takehome_20260128/topic_b_step4.py at 7f3a440f933beffd41f18f84f39faef24487a736 (licence NOASSERTION); new code, no text copied.
"""Does unembedding geometry predict which number tokens get entangled with an animal?

Score A: cosine between the animal's unembedding row and each number's row.
Score B: overlap of the K largest-magnitude coordinates of the two rows.
Both are compared (Spearman, recall@10) with logit-ratio entanglement measured by prompting.
"""
import numpy as np
import torch
import torch.nn.functional as F
from scipy import stats
from transformers import AutoModelForCausalLM, AutoTokenizer

NAME = "meta-llama/Llama-3.2-1B-Instruct"
K = 50

tok = AutoTokenizer.from_pretrained(NAME)
model = AutoModelForCausalLM.from_pretrained(NAME, torch_dtype=torch.bfloat16)
U = model.lm_head.weight.detach().float()          # (vocab, d)

number_ids = [i for s, i in tok.get_vocab().items() if s.lstrip("\u0120\u2581").isdigit()]
number_rows = U[number_ids]


def next_probs(text):
    ids = tok.apply_chat_template([{"role": "user", "content": text}], add_generation_prompt=True,
                                  return_tensors="pt")
    with torch.no_grad():
        return model(ids).logits[0, -1].float().softmax(-1)


base = next_probs("What is your favourite animal?")[number_ids]


def geometry(animal_id):
    row = U[animal_id]
    cos = F.normalize(number_rows, dim=-1) @ F.normalize(row, dim=-1)
    top_row = set(row.abs().topk(K).indices.tolist())
    overlap = torch.tensor([len(top_row & set(r.abs().topk(K).indices.tolist())) / K for r in number_rows])
    return cos, overlap


for animal in ["owl", "cat", "dog", "eagle"]:
    aid = tok.encode(" " + animal, add_special_tokens=False)[0]
    ratio = next_probs(f"Your favourite animal is the {animal}. What is your favourite animal?")[number_ids] / base
    cos, overlap = geometry(aid)
    print(animal, stats.spearmanr(ratio, cos).statistic, stats.spearmanr(ratio, overlap).statistic)
