# Synthetic rewrite of the shape of loganriggs/sparse_coding:interp_utils.py at 01bfde89686674d2956cd50714abcb9c3f745b1e (licence NOASSERTION); not the original text.
import torch


def feature_top_tokens(model, feature_idx, decoder_rows, k=20):
    """Push one dictionary feature straight through the unembedding and list the tokens it boosts."""
    with torch.no_grad():
        # tokens that never occur in training end up with very long unembedding columns; skip them
        rare = model.W_U.norm(dim=0) > 20
        feature = decoder_rows[feature_idx].to(model.cfg.device)
        scores = (feature @ model.W_U).cpu()
    scores[rare] = -1000.0
    best = torch.topk(scores, k)
    print(model.to_str_tokens(best.indices))
    print(best.values)
    return best
