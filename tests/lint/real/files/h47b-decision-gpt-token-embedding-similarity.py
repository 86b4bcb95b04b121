# Synthetic rewrite of the shape of celiaberon/Transformers_for_Modeling_Decision_Sequences:interpretability/interp_helpers.py at 04829d6bd0e04860c9054b27394fedffdbdad65d (licence NOASSERTION); not the original text.
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.decomposition import PCA
from sklearn.metrics.pairwise import cosine_similarity

# four behavioural tokens: rewarded/unrewarded choice of the right or left port
ACTIONS = ["R", "r", "L", "l"]
TO_ID = {a: i for i, a in enumerate(ACTIONS)}


def action_table_similarity(gpt, labels, ax=None):
    """Cosine similarity between the rows of the action-token table (gpt.transformer.wte)."""
    table = gpt.transformer.wte.weight.detach().cpu().numpy()
    sims = cosine_similarity(table)
    if ax is None:
        _, ax = plt.subplots(figsize=(4, 3))
    sns.heatmap(sims, annot=True, fmt=".2f", cmap="RdBu", vmin=-1, vmax=1,
                xticklabels=labels, yticklabels=labels, ax=ax)
    ax.set(title="Token Embedding Similarity")
    return table, sims


def table_pca(gpt, n_components=2):
    table = gpt.transformer.wte.weight.detach().cpu().numpy()
    pca = PCA(n_components=n_components)
    coords = pca.fit_transform(table)
    fig, axs = plt.subplots(ncols=2, figsize=(6, 3))
    axs[0].scatter(coords[:, 0], coords[:, 1])
    for i, a in enumerate(ACTIONS):
        axs[0].annotate(a, coords[i])
    action_table_similarity(gpt, ACTIONS, ax=axs[1])
    return pca, coords
