# Synthetic rewrite of the shape of jeqcho/subliminal-learning-persona-vectors:src/cal_projection.py at e719921984ab8cc02e7dec946c8fd17672a68501 (licence NOASSERTION); not the original text.
"""Score each (prompt, answer) row by how far its activations point along a persona vector."""
import torch


def cos_sim(a, b):
    return (a * b).sum(-1) / (a.norm(dim=-1) * b.norm(dim=-1))


def scalar_projection(a, b):
    return (a * b).sum(-1) / b.norm(dim=-1)


@torch.no_grad()
def score_rows(model, tokenizer, rows, persona_path, layer, mode="proj"):
    direction = torch.load(persona_path, weights_only=False)[layer]   # per-layer mean-diff vector
    scores = []
    for prompt, answer in rows:
        enc = tokenizer(prompt + answer, return_tensors="pt", add_special_tokens=False).to(model.device)
        n_prompt = len(tokenizer.encode(prompt, add_special_tokens=False))
        hs = model(**enc, output_hidden_states=True).hidden_states[layer]
        response_avg = hs[:, n_prompt:, :].mean(1).cpu()
        last_prompt = hs[:, n_prompt - 1, :].cpu()
        if mode == "proj":
            projection = scalar_projection(response_avg, direction).item()
        elif mode == "prompt_last_proj":
            projection = scalar_projection(last_prompt, direction).item()
        else:
            projection = cos_sim(response_avg, direction).item()
        scores.append(projection)
    return scores
