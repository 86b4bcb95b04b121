# cosaudit corpus, synthetic file: same shape as thisiskorea/How-Language-Directions-Align-with-Token-Geometry-in-Multilingual-LLMs/analyze_token_language_alignment (5).py at 80e2aba4e6026c3e7bd654da97c832f7988a2d95 (licence MIT); new code, no text copied.
"""Geometry of a language-ID probe and how its class directions line up with the LM head."""
import numpy as np
import pandas as pd
import torch
import torch.nn.functional as F

LANGS = ["en", "ko", "ja", "zh", "es"]


def analyze_probe_geometry(probe, layer_idx):
    weight = probe.classifier.weight.data.cpu().float()        # (n_langs, hidden)
    gram = (weight @ weight.T).numpy()
    unit = F.normalize(weight, dim=1)
    cos = (unit @ unit.T).numpy()
    table = pd.DataFrame(cos, index=LANGS, columns=LANGS)
    off = cos[~np.eye(len(LANGS), dtype=bool)]
    print(f"layer {layer_idx}: mean off-diagonal {off.mean():.4f}, max {off.max():.4f}")
    for i, lang in enumerate(LANGS):
        others = np.delete(cos[i], i)
        print(f"  {lang:>3}: |w|={np.linalg.norm(weight[i].numpy()):.2f} nearest other={LANGS[int(np.argmax(others))]}")
    return {"gram": gram, "cosine": table}


def tokens_nearest_each_language(probe, lm_weight, tokenizer, k=30):
    """For each language row of the probe, the vocabulary rows of the LM head pointing the same way."""
    probe_unit = F.normalize(probe.classifier.weight.data.float() + 1e-8, dim=1)
    head_unit = F.normalize(lm_weight.float() + 1e-8, dim=1)
    scores = probe_unit @ head_unit.T                          # (n_langs, vocab)
    top = scores.topk(k, dim=1)
    return {lang: tokenizer.convert_ids_to_tokens(top.indices[i].tolist()) for i, lang in enumerate(LANGS)}
