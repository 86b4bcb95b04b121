# Synthetic rewrite of the shape of recommenders-team/recommenders:recommenders/models/lightfm/lightfm_utils.py at b02c95e2b98b961f9943ce561bbb03f8dff2f41f (licence MIT); not the original text.
import numpy as np
import pandas as pd


def _nearest_by_cosine(table, anchor, k, id_column):
    # cosine: dot with the anchor row, divided by both row lengths
    lengths = np.linalg.norm(table, axis=1)
    lengths = np.where(lengths == 0, 1e-10, lengths)
    sims = table @ table[anchor] / lengths / lengths[anchor]
    top = np.argpartition(sims, -(k + 1))[-(k + 1):]
    ranked = sorted(((int(i), float(sims[i])) for i in top), key=lambda p: -p[1])
    ranked = [p for p in ranked if p[0] != anchor][:k]
    return pd.DataFrame(ranked, columns=[id_column, "score"])


def closest_users(user_idx, user_feats, fitted, k=10):
    """Users whose LightFM representations point the same way as user_idx."""
    _, reps = fitted.get_user_representations(features=user_feats)
    return _nearest_by_cosine(reps, user_idx, k, "userID")


def closest_items(item_idx, item_feats, fitted, k=10):
    """Items whose LightFM representations point the same way as item_idx.

    The representation of an item is the sum of the latent vectors of its
    features, as learned by the factorisation model (WARP/BPR/logistic losses).
    """
    _, reps = fitted.get_item_representations(features=item_feats)
    return _nearest_by_cosine(reps, item_idx, k, "itemID")
