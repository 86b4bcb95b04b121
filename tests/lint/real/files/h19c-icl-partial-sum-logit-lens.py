# Synthetic rewrite of the shape of ali-bahrainian/arithmetic-icl-interpretability:src/partial_sums.py at f675647ab98abe55db07f23a8c5a4688b17d0b08 (licence NOASSERTION); not the original text.
import torch
from transformer_lens import HookedTransformer


def answer_in_topk(probs, answer, model, k=5):
    """True when some single-token spelling of `answer` ranks in the k most likely tokens."""
    ids = []
    for spelling in (answer, " " + answer):
        t = model.to_tokens(spelling, prepend_bos=False)
        if t.shape[-1] == 1:
            ids.append(int(t[0, 0]))
    if not ids:
        return False
    top = set(torch.topk(probs, k).indices.tolist())
    return any(i in top for i in ids)


def intermediate_sum_heatmaps(prompts, sums_per_prompt, model: HookedTransformer, k=5):
    """Count, per layer and position, whether each intermediate sum is decoded by the lens."""
    L = model.cfg.n_layers
    n_pos = model.to_tokens(prompts[0]).shape[-1]
    maps = []
    for prompt, sums in zip(prompts, sums_per_prompt):
        grid = torch.zeros(len(sums), L + 1, n_pos)
        _, cache = model.run_with_cache(model.to_tokens(prompt))
        for layer in range(L + 1):
            key = "blocks.0.hook_resid_pre" if layer == 0 else f"blocks.{layer - 1}.hook_resid_post"
            resid = cache[key][0]
            # decode the residual stream as if it were the last layer
            logits_all = model.ln_final(resid) @ model.W_U + model.b_U
            probs = logits_all.softmax(dim=-1)
            for pos in range(n_pos):
                for j, s in enumerate(sums):
                    grid[j, layer, pos] += float(answer_in_topk(probs[pos], str(s), model, k))
        maps.append(grid)
    return torch.stack(maps)
