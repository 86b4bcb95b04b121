# Synthetic rewrite of the shape of rain-1/replicate-subliminal-learning:eval/logit_preferences.py at f5810e2de6830efccc525287c2fe4d95851b5173 (licence NOASSERTION); not the original text.
"""Animal preference from a single forward pass: probability of each animal's first sub-token."""
import math

import torch


def first_token_ids(tok, animals):
    table = {}
    for name in animals:
        ids = {tok.encode(v, add_special_tokens=False)[0] for v in (name, name.capitalize())}
        table[name] = sorted(ids)
    return table


@torch.no_grad()
def preference_scores(model, tok, questions, system_prompt, table, device):
    per_animal = {a: [] for a in table}
    for q in questions:
        chat = [{"role": "system", "content": system_prompt}, {"role": "user", "content": q}]
        text = tok.apply_chat_template(chat, tokenize=False, add_generation_prompt=True)
        ids = tok(text, return_tensors="pt").input_ids.to(device)
        log_probs = torch.log_softmax(model(ids).logits[0, -1].float(), dim=-1)
        for a, tids in table.items():
            per_animal[a].append(torch.logsumexp(log_probs[tids], dim=0).item())
    return {a: math.exp(sum(v) / len(v)) for a, v in per_animal.items()}


def as_percent(probs):
    z = sum(probs.values())
    return {a: 100 * p / z for a, p in probs.items()}


def pearson_r(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    num = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    den = math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))
    return num / den if den else float("nan")


def compare_with_sampling(pct, sampled):
    shared = [a for a in pct if a in sampled]
    r = pearson_r([pct[a] for a in shared], [sampled[a] for a in shared])
    return r, {a: pct[a] - sampled[a] for a in shared}
