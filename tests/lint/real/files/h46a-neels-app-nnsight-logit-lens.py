# Synthetic rewrite of the shape of na-naina/neels-cohort-application:logit_lens.py at 411935aaf17898c013b0a51b1493ce59775e2dee (licence NOASSERTION); not the original text.
"""Layer-by-layer read-out of an A/B answer with a traced model (logit lens)."""
import torch

FINAL_NORMS = {
    "gpt2": "transformer.ln_f",
    "llama": "model.norm",
    "neox": "gpt_neox.final_layer_norm",
}


def pick_block(model, family, i):
    if family == "gpt2":
        return model.transformer.h[i]
    if family == "neox":
        return model.gpt_neox.layers[i]
    return model.model.layers[i]


def per_layer_choice_probs(model, family, prompt, id_a, id_b, n_layers):
    saved = []
    with model.trace(prompt) as tracer:
        for i in range(n_layers):
            h = pick_block(model, family, i).output[0][:, -1, :]
            if family == "gpt2":
                normalized = model.transformer.ln_f(h)
            elif family == "neox":
                normalized = model.gpt_neox.final_layer_norm(h)
            else:
                normalized = model.model.norm(h)
            # read the intermediate state through the output head
            if family == "neox":
                logits = model.embed_out(normalized)
            else:
                logits = model.lm_head(normalized)
            saved.append(torch.softmax(logits, dim=-1).save())

    rows = []
    for i, p in enumerate(saved):
        pa, pb = float(p[0, id_a]), float(p[0, id_b])
        rows.append({"layer": i, "p_a": pa, "p_b": pb, "pick": "A" if pa >= pb else "B"})
    return rows
