# cosaudit corpus, synthetic file: same shape as RobertHuben/othellogpt_sparse_autoencoders/analysis.py at a5696d3cbf08bd8bbe8ecbb60c74a2db8e882ea3 (licence NOASSERTION); new code, no text copied.
import matplotlib.pyplot as plt
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def unit_rows(m):
    return m / m.norm(p=2, dim=1, keepdim=True)


def sae_directions(path="saes/sae_layer_6.pkl"):
    sae = torch.load(path, map_location=device)
    return unit_rows(sae.encoder_decoder_matrix.data.T)


def board_probe_rows(path="probes/probe_layer_6.pkl", rectify=False):
    probe = torch.load(path, map_location=device)
    w = torch.stack([shard.weight for shard in probe.classifier])  # (3 options, 64 squares, d_model)
    if rectify:
        w = 1.5 * w - 0.5 * w.sum(dim=0)
    return unit_rows(w.flatten(end_dim=-2)).detach()


def unembedding_rows(path="trained_model_full.pkl"):
    gpt = torch.load(path, map_location=device)
    return unit_rows(gpt.unembed.weight.data)  # untied nn.Linear(d_model, vocab)


def sae_vs_probe(sae_path, rectify=False):
    sims = board_probe_rows(rectify=rectify) @ sae_directions(sae_path).T
    plt.hist(sims.max(dim=1).values.cpu())
    plt.title("best SAE match per probe direction")
    plt.savefig("figures/probe_sae_cos.png")


def sae_vs_unembedding(sae_path):
    sims = unembedding_rows() @ sae_directions(sae_path).T
    plt.hist(sims.max(dim=1).values.cpu())
    plt.title("best SAE match per move unembedding")
    plt.show()


def probe_vs_probe(rectify=False):
    rows = board_probe_rows(rectify=rectify)
    sims = rows @ rows.T - torch.eye(rows.shape[0])
    plt.hist(sims.max(dim=1).values.flatten().cpu())
    plt.savefig("figures/probe_probe_cos.png")


if __name__ == "__main__":
    sae_vs_probe("saes/sae_layer_6_trimmed.pkl", rectify=True)
