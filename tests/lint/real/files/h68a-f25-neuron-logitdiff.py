# Synthetic rewrite of the shape of KarenMkrtchyan/f25_algo:src/Experiments/Logit/mlp_logit_attribution.py at 28799bef8ffd20662749638ac5e796a1643b7d99 (licence NOASSERTION); not the original text.
"""Rank MLP neurons by how strongly their output weights push an answer
towards one token rather than another (a logit-difference direction)."""
import pandas as pd
from transformer_lens import HookedTransformer


def rank_neurons_by_answer_gap(net, layer_ids, pos_word=" true", neg_word=" false", keep=25):
    pos_tok = net.to_single_token(pos_word)
    neg_tok = net.to_single_token(neg_word)
    # direction that raises one logit and lowers the other
    gap_direction = net.W_U[:, pos_tok] - net.W_U[:, neg_tok]

    rows = []
    for layer in layer_ids:
        out_weights = net.blocks[layer].mlp.W_out  # [d_mlp, d_model]
        contribution = out_weights @ gap_direction  # plain dot product per neuron
        for idx, val in enumerate(contribution.detach().cpu().tolist()):
            rows.append({"layer": layer, "neuron": idx, "push": val})

    table = pd.DataFrame(rows)
    table["magnitude"] = table["push"].abs()
    return table.sort_values("magnitude", ascending=False).head(keep)


if __name__ == "__main__":
    lm = HookedTransformer.from_pretrained("gpt2-medium")
    print(rank_neurons_by_answer_gap(lm, [16, 18, 20, 22]))
