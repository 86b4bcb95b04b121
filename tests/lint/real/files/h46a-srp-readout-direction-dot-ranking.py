# Synthetic rewrite of the shape of hematteo/sparse-readout-prism:scripts/analyze/analyze_readout_feature_directions.py at e19e4379bba6989d1cf532770fa809345ea1cac8 (licence NOASSERTION); not the original text.
"""Rank dictionary directions against the last hidden state before the LM head.

A direction's score is a plain dot product with the pre-head state; head rows
are only consulted afterwards, to give each chosen direction a token label.
"""
import torch


@torch.no_grad()
def final_state(model, tok, text, device):
    enc = tok(text, return_tensors="pt").to(device)
    out = model(**enc, output_hidden_states=True)
    h = out.hidden_states[-1][0, -1].float().cpu()
    return h, out.logits[0, -1].float().cpu()


def rank_directions(h, decoder, mode="abs", top=10):
    scores = h @ decoder.T
    key = scores.abs() if mode == "abs" else (scores if mode == "pos" else -scores)
    vals, idx = torch.topk(key, k=min(top, key.numel()))
    return [(int(i), float(scores[i])) for i in idx.tolist()]


def pair_delta_directions(h_left, h_right, decoder, top=10):
    delta = h_left - h_right
    return rank_directions(delta, decoder, top=top)


@torch.no_grad()
def label_directions(W, decoder, feature_ids, tok, n_tokens=5):
    # token labels read from the head after removing the vocabulary mean
    centred = W - W.mean(dim=0)
    labels = {}
    for fid in feature_ids:
        token_scores = centred @ decoder[fid]
        best = torch.topk(token_scores, n_tokens).indices.tolist()
        labels[fid] = [tok.decode([t]) for t in best]
    return labels


def run(model, tok, decoder, prompts, device="cpu"):
    W = model.get_output_embeddings().weight.detach().float().cpu()
    table = []
    for text in prompts:
        h, logits = final_state(model, tok, text, device)
        ranked = rank_directions(h, decoder)
        names = label_directions(W, decoder, [f for f, _ in ranked], tok)
        table.append({"prompt": text, "top": [(names[f], s) for f, s in ranked]})
    return table
