# cosaudit corpus, synthetic file: same shape as AnnemetteBP/logit-diff-lens/src/diffing/logit_lens_methods/prompt_lens/activation_dataset_analysis.py at e9ee8a3e1cc98a0d12dae9d01b00917cc2b25e32 (licence MIT); new code, no text copied.
"""Per-layer logit lens on a base and a fine-tuned model, over a saved activation dataset."""

import numpy as np


def layer_views(batch, layer, W_base, W_ft):
    h_base = batch["hidden_base"][layer + 1][:, -1, :]
    h_ft = batch["hidden_ft"][layer + 1][:, -1, :]
    logits_base = h_base @ W_base.T          # lm_head rows as the readout
    logits_ft = h_ft @ W_ft.T
    attn_delta = batch["attn_ft"][layer] @ W_ft.T - batch["attn_base"][layer] @ W_base.T
    mlp_delta = batch["mlp_ft"][layer] @ W_ft.T - batch["mlp_base"][layer] @ W_base.T
    hidden_cos = (h_base * h_ft).sum(-1) / (np.linalg.norm(h_base, axis=-1) * np.linalg.norm(h_ft, axis=-1) + 1e-8)
    return {
        "top_base": logits_base.argmax(-1),
        "top_ft": logits_ft.argmax(-1),
        "logit_diff": logits_ft - logits_base,
        "attn_delta": attn_delta,
        "mlp_delta": mlp_delta,
        "hidden_cosine": hidden_cos,
    }
