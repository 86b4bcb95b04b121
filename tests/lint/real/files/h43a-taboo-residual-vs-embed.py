# Synthetic rewrite of the shape of EmilRyd/eliciting-secrets:evaluate_residual_similarity.py at 5632f9d7c9993bdf46aec6de6bf7cc64a29d2eb9 (licence Apache-2.0); not the original text.
"""Score candidate secret words by how close the answer's residual stream sits to each word's input embedding."""
import torch
import torch.nn.functional as F


def answer_residual(model, tokens, start):
    """Mean residual stream over the tokens of the model's answer (HookedTransformer cache)."""
    _, cache = model.run_with_cache(tokens)
    final = cache[f"blocks.{model.cfg.n_layers - 1}.hook_resid_post"][0]
    return final[start:].mean(dim=0)


def score_candidates(model, tokenizer, tokens, start, candidates):
    pooled = answer_residual(model, tokens, start)
    scores = {}
    for word in candidates:
        ids = tokenizer.encode(" " + word, add_special_tokens=False)
        if not ids:
            scores[word] = 0.0
            continue
        word_id = ids[0]
        with torch.no_grad():
            # the input token table (W_E) stands in for the word
            word_embedding = model.W_E[word_id].unsqueeze(0).to(pooled.device)
        cosine_sim = F.cosine_similarity(pooled.unsqueeze(0), word_embedding).item()
        scores[word] = cosine_sim
    return scores


def top_guesses(scores, k=3):
    return sorted(scores, key=scores.get, reverse=True)[:k]
