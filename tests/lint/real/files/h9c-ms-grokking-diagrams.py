# cosaudit corpus, synthetic file: same shape as markusstrasser/mechinterp/scripts/create_focused_diagrams.py at e4a9e557b38b0cd3a2ebf9cd589932768d78da7f (licence NOASSERTION); new code, no text copied.
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch


def load(path: Path):
    ckpt = torch.load(path, map_location="cpu")
    return ckpt["model"], ckpt.get("meta", {})


def weight_panels(early: Path, late: Path, out: Path):
    before, _ = load(early)
    after, meta = load(late)
    u_before = before["unembed.W_U"].numpy()
    u_after = after["unembed.W_U"].numpy()
    fig, axes = plt.subplots(1, 2, figsize=(12, 5))
    lim = np.abs(u_after).max()
    axes[0].imshow(u_after, aspect="auto", cmap="RdBu_r", vmin=-lim, vmax=lim)
    axes[0].set_title(f"unembedding after training (acc {meta.get('test_acc', 0):.2f})")
    change = u_after - u_before
    lim = np.abs(change).max()
    axes[1].imshow(change, aspect="auto", cmap="RdBu_r", vmin=-lim, vmax=lim)
    axes[1].set_title("change in unembedding")
    fig.savefig(out, dpi=150)
    plt.close(fig)


def embedding_panels(early: Path, late: Path, out: Path):
    before, m0 = load(early)
    after, m1 = load(late)
    e_before = before["embed.W_E"].numpy()
    e_after = after["embed.W_E"].numpy()
    fig, axes = plt.subplots(2, 2, figsize=(13, 11))
    unit_before = e_before / (np.linalg.norm(e_before, axis=1, keepdims=True) + 1e-8)
    sim_before = unit_before @ unit_before.T
    axes[0, 0].imshow(sim_before[:50, :50], cmap="RdBu_r", vmin=-1, vmax=1)
    axes[0, 0].set_title(f"token similarity, before (acc {m0.get('test_acc', 0):.2f})")
    unit_after = e_after / (np.linalg.norm(e_after, axis=1, keepdims=True) + 1e-8)
    sim_after = unit_after @ unit_after.T
    axes[0, 1].imshow(sim_after[:50, :50], cmap="RdBu_r", vmin=-1, vmax=1)
    axes[0, 1].set_title(f"token similarity, after (acc {m1.get('test_acc', 0):.2f})")
    freqs = np.fft.rfftfreq(113)
    axes[1, 0].plot(freqs[1:20], np.abs(np.fft.rfft(e_before[:113, 0]))[1:20], "o-", label="before")
    axes[1, 0].plot(freqs[1:20], np.abs(np.fft.rfft(e_after[:113, 0]))[1:20], "o-", label="after")
    axes[1, 0].legend()
    axes[1, 1].plot(np.linalg.norm(e_before, axis=1)[:50], label="before")
    axes[1, 1].plot(np.linalg.norm(e_after, axis=1)[:50], label="after")
    axes[1, 1].legend()
    fig.savefig(out, dpi=150)
    plt.close(fig)


if __name__ == "__main__":
    runs = Path("checkpoints")
    weight_panels(runs / "step_1000.pt", runs / "step_40000.pt", Path("unembed_panels.png"))
    embedding_panels(runs / "step_1000.pt", runs / "step_40000.pt", Path("embed_panels.png"))
