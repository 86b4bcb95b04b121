# Synthetic rewrite of the shape of yeutong/SAE_othelloGPT:analysis.py at adaba64ca5e75db928cecb4a175d280dea50ce98 (licence NOASSERTION); not the original text.
"""Compare sparse-autoencoder features of an Othello transformer with its output
layer and with board-state probes."""
import torch
import matplotlib.pyplot as plt

DEVICE = "cpu"


def unit_rows(m):
    return m / m.norm(p=2, dim=1, keepdim=True)


def load_pickle(path):
    with open(path, "rb") as fh:
        return torch.load(fh, map_location=DEVICE)


def sae_feature_dirs(path="saes/sae_layer6.pkl"):
    sae = load_pickle(path)
    return unit_rows(sae.encoder_decoder_matrix.data.T)


def move_token_dirs(path="othello_model.pkl"):
    net = load_pickle(path)
    # one row per board square the model can predict as the next move
    return unit_rows(net.unembed.weight.data)


def board_probe_dirs(path="probes/layer6.pkl", centre=False):
    probe = load_pickle(path)
    # three heads (empty / own / opponent), each with one row per square
    rows = torch.stack([head.weight for head in probe.classifier])
    if centre:
        rows = 1.5 * rows - 0.5 * rows.sum(dim=0)
    return unit_rows(rows.flatten(end_dim=-2)).detach()


def best_match_vs_output_layer(sae_path="saes/sae_layer6.pkl"):
    """For each move token, how close is the nearest SAE feature?"""
    outs = move_token_dirs()
    feats = sae_feature_dirs(sae_path)
    sims = outs @ feats.T
    plt.hist(sims.max(dim=1).values.numpy(), bins=40)
    plt.title("best feature cosine per output row")
    plt.show()


def probe_rows_against_each_other(centre=False):
    rows = board_probe_dirs(centre=centre)
    sims = rows @ rows.T - torch.eye(rows.shape[0])
    plt.hist(sims.max(dim=1).values.flatten().numpy(), bins=40)
    plt.savefig("figures/probe_row_cosines.png")


def best_match_vs_probes(sae_path="saes/sae_layer6.pkl"):
    rows = board_probe_dirs()
    feats = sae_feature_dirs(sae_path)
    best = (rows @ feats.T).max(dim=1).values
    plt.hist(best.numpy(), bins=40)
    plt.savefig("figures/probe_feature_cosines.png")
