# Synthetic rewrite of the shape of niklasnolte/ai-nuclear:analyze_embeddings.py at e618024e2817c1908f399b55f3713f81d87376cb (licence NOASSERTION); not the original text.
"""Project the learned proton-number and neutron-number embeddings of a nuclear-property model onto two PCs."""
import matplotlib.pyplot as plt
import torch
from sklearn.decomposition import PCA

from data import get_data

RUN = "FULL_dim64_seed1_targets-z-n-binding-radius"


def load_run():
    net = torch.load(f"results/{RUN}/model_full.pt")
    net.load_state_dict(torch.load(f"results/{RUN}/model_last.pt"))
    return net


def plot_number_embeddings(caption=""):
    net = load_run()
    table = get_data()
    Z = torch.arange(table["z"].nunique())
    N = torch.arange(table["n"].nunique())
    for name, ids, vecs in (("protons", Z, net.emb_proton(Z)), ("neutrons", N, net.emb_neutron(N))):
        pca = PCA(n_components=2)
        embs_pca = pca.fit_transform(vecs.detach().cpu().numpy())
        share = pca.explained_variance_ratio_
        plt.figure(figsize=(9, 9))
        plt.scatter(embs_pca[:, 0], embs_pca[:, 1], c=ids, cmap="viridis")
        plt.plot(embs_pca[:, 0], embs_pca[:, 1], color="k", linewidth=0.3)  # consecutive numbers joined
        for k, n in enumerate(ids):
            plt.annotate(int(n) + 15, (embs_pca[k, 0], embs_pca[k, 1]))
        plt.xlabel(f"PC1 ({100 * share[0]:.1f}% var)")
        plt.ylabel(f"PC2 ({100 * share[1]:.2f}% var)")
        plt.title(f"{caption}\n{name}: two-component PCA")
    plt.show()


if __name__ == "__main__":
    plot_number_embeddings("regression targets: Z, N, binding energy, radius")
