# Synthetic rewrite of the shape of clemneo/llava-interp:src/lvlm_lens.py at 7bd565acac2d397c41823284a4f553af1b5f5d93 (licence NOASSERTION); not the original text.
import torch


def per_layer_top_tokens(layer_states, final_norm, lm_head, tok, prompt,
                         image_token_id=32000, n_image_tokens=576, k=5):
    """Decode every position of every layer of a vision-language model through its output head."""
    labels = []
    for tid in tok.encode(prompt):
        if tid == image_token_id:
            labels.extend([f"<PATCH{j:03d}>" for j in range(n_image_tokens)])
        else:
            labels.append(tok.decode([tid]))

    table = []
    for states in layer_states:
        logits = lm_head(final_norm(states))
        probs = torch.softmax(logits, dim=-1)
        vals, idx = torch.topk(probs, k=k, dim=-1)
        row = []
        for pos in range(states.size(1)):
            words = [tok.decode(i.item()) for i in idx[0, pos]]
            row.append(list(zip(words, [f"{v.item():.3f}" for v in vals[0, pos]])))
        table.append(row)
    return labels, table


def run(model, tok, hidden_states, prompt):
    head = model.language_model.lm_head
    norm = model.language_model.model.norm
    return per_layer_top_tokens(hidden_states, norm, head, tok, prompt)
