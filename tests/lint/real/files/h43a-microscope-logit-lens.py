# Synthetic rewrite of the shape of AIRI-Institute/LLM-Microscope:logit_lens.py at b6db939b2696845ce1f88cf69cddc41e808eea17 (licence Apache-2.0); not the original text.
import numpy as np
import torch


def rescale(values, mode="global"):
    """Min-max rescaling of the per-layer losses for the heatmap colours."""
    lo, hi = values.min(), values.max()
    return (values - lo) / (hi - lo)


def logit_lens(model, tokenizer, text):
    ids = tokenizer(text, return_tensors="pt")["input_ids"].to(model.device)
    with torch.no_grad():
        out = model(ids, output_hidden_states=True)
    predictions, losses, words = [], [], []
    for y in out.hidden_states:
        # every layer's hidden state goes straight through the output head
        logits = model.lm_head(y).float()
        best = logits[:, :-1, :].argmax(dim=-1)
        probs = torch.softmax(logits, dim=-1)[:, :-1, :]
        picked = probs[0, torch.arange(best.shape[1]), best[0]]
        losses.append(-torch.log(picked))
        predictions.append(best[0])
        words.append([tokenizer.decode([int(t)]) for t in best[0]])
    return torch.stack(predictions), rescale(torch.stack(losses).cpu().numpy()), words
