# cosaudit corpus, synthetic file: same shape as dl1683/moonshot-cti-universal-law/src/cti_generation_local_rho.py at c25051231880fef5499f9031db11a91ee04f6111 (licence NOASSERTION); new code, no text copied.
"""Local equicorrelation: is the mean cosine among the few tokens that actually compete much lower than the
mean cosine over the whole vocabulary? Compares both with the value the generation law predicts."""
import numpy as np
import torch

TOP_K = (5, 10, 25, 50)
PREDICTED = 0.70


def head_rows(model):
    for owner, name in (("lm_head", "weight"), ("embed_out", "weight")):
        if hasattr(model, owner):
            return getattr(getattr(model, owner), name).detach().float()
    return model.model.embed_tokens.weight.detach().float()


@torch.no_grad()
def equicorrelation(model, tokenizer, texts, n_positions=4000, device="cuda"):
    w = head_rows(model)
    unit = (w / w.norm(dim=1, keepdim=True).clamp_min(1e-10)).to(device)
    pick = np.random.choice(len(unit), min(len(unit), 4000), replace=False)
    sample = unit[pick]
    off = ~torch.eye(len(pick), dtype=torch.bool, device=device)
    global_rho = float((sample @ sample.T)[off].mean())
    local = {k: [] for k in TOP_K}
    seen = 0
    for text in texts:
        if seen >= n_positions:
            break
        ids = tokenizer(text, return_tensors="pt", truncation=True, max_length=512).to(device)
        logits = model(**ids).logits[0, :-1]
        for k in TOP_K:
            for row in logits.topk(k, dim=1).indices:
                rows = unit[row]
                grid = rows @ rows.T
                local[k].append(float(grid[~torch.eye(k, dtype=torch.bool, device=device)].mean()))
        seen += logits.shape[0]
    return global_rho, {k: (np.mean(v), np.std(v)) for k, v in local.items()}
