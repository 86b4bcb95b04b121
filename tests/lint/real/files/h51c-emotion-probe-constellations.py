# Synthetic rewrite of the shape of BioscaG/transformer-structural-compression-v2:viz/interactive/probe_constellations.py at 44ddb0e8638ce3daae22277ee0191897a7da625d (licence NOASSERTION); not the original text.
"""Emotion directions: the rows of the fine-tuned classifier head, drawn as arrows.

Rows that point the same way are emotions the model confuses; near-orthogonal rows
are emotions it keeps apart (cosine similarity of the head's weight vectors).
"""
import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots
from sklearn.decomposition import PCA
from transformers import AutoModelForSequenceClassification

from viz.data.load_results import EMOTIONS_23, MODEL_CHECKPOINT


def constellation(out_html="probe_constellations.html"):
    clf = AutoModelForSequenceClassification.from_pretrained(str(MODEL_CHECKPOINT))
    W = clf.classifier.weight.detach().numpy()          # (n_emotions, hidden)
    xyz = PCA(n_components=3, random_state=0).fit_transform(W)

    Wn = W / np.linalg.norm(W, axis=1, keepdims=True)
    cos_sim = Wn @ Wn.T

    fig = make_subplots(rows=1, cols=2, specs=[[{"type": "scene"}, {"type": "xy"}]],
                        subplot_titles=("head rows (PCA-3D)", "cosine between emotions"))
    for k, name in enumerate(EMOTIONS_23):
        x, y, z = xyz[k]
        fig.add_trace(go.Scatter3d(x=[0, x], y=[0, y], z=[0, z], mode="lines+text",
                                   text=["", name], showlegend=False), row=1, col=1)
    fig.add_trace(go.Heatmap(z=cos_sim, x=EMOTIONS_23, y=EMOTIONS_23, zmid=0,
                             colorscale="RdBu_r"), row=1, col=2)
    fig.write_html(out_html)
    return cos_sim


if __name__ == "__main__":
    constellation()
