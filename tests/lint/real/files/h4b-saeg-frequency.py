# cosaudit corpus, synthetic file: same shape as xzAscC/SAEGeometry/src/frequency.py at 43906d0d0fd8547351a0eb7a3d5f7c252212683a (licence NOASSERTION); new code, no text copied.
import torch
import sae_lens
import plotly.express as px


def load_saes(release="pythia-70m-deduped-res-sm", model_name="pythia-70m-deduped", layers=6, device="cuda"):
    saes = [sae_lens.SAE.from_pretrained(release=release, sae_id="blocks.0.hook_resid_pre", device=device)[0]]
    for layer in range(layers):
        saes.append(sae_lens.SAE.from_pretrained(
            release=release, sae_id=f"blocks.{layer}.hook_resid_post", device=device)[0])
    model = sae_lens.HookedSAETransformer.from_pretrained(model_name).to(device)
    return saes, model


@torch.no_grad()
def pairwise_cos(a, b, normalize=True):
    if normalize:
        a = torch.nn.functional.normalize(a, dim=1)
        b = torch.nn.functional.normalize(b, dim=1)
    return a @ b.T


def plot_max_cos(saes, model, against_unembedding=False):
    rows = []
    for layer, sae in enumerate(saes):
        if against_unembedding:
            cos = pairwise_cos(sae.W_dec, model.unembed.W_U.T)
        else:
            cos = pairwise_cos(sae.W_dec, sae.W_dec).fill_diagonal_(-1)
        rows += [(layer, v) for v in cos.max(dim=1).values.tolist()]
    fig = px.box(x=[r[0] for r in rows], y=[r[1] for r in rows],
                 title="max cosine of each decoder direction" + (" with a token unembedding" if against_unembedding else ""))
    fig.write_html("res/max_cos.html")
