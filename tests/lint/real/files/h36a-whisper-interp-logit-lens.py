# Synthetic rewrite of the shape of er537/whisper_interpretability:whisper_interpretability/feature_directions/logit_lens.py at ff98e7994b5b3a98501e24edb5671aed0b80edbd (licence NOASSERTION); not the original text.
import torch


def language_prob_from_residual(resid, lang_id, language_ids, model):
    """Read a language-token probability off an intermediate decoder residual."""
    token_unembed = None
    final_norm = None
    for pname, p in model.named_parameters():
        if pname == "decoder.token_embedding.weight":
            token_unembed = p.T
    for mname, m in model.named_modules():
        if mname == "decoder.ln":
            final_norm = m
    normed = final_norm(resid)
    logits = normed @ token_unembed.half()
    keep = torch.zeros(logits.shape[-1], dtype=torch.bool)
    keep[list(language_ids)] = True
    logits[:, ~keep] = float("-inf")
    return torch.softmax(logits, dim=-1)[:, lang_id]


def per_head_language_prob(head_acts, lang_id, language_ids, model, layer, n_heads=6, d_head=64):
    params = dict(model.named_parameters())
    w_out = params[f"decoder.blocks.{layer}.cross_attn.out.weight"]
    b_out = params[f"decoder.blocks.{layer}.cross_attn.out.bias"]
    results = []
    for h in range(n_heads):
        contrib = head_acts[:, :d_head] @ w_out[h * d_head:(h + 1) * d_head, :].half() + b_out.half()
        results.append(language_prob_from_residual(contrib, lang_id, language_ids, model).item())
    return torch.tensor(results)
