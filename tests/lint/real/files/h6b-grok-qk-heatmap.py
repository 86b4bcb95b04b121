# cosaudit corpus, synthetic file: same shape as nokuno524-ai/grokking-collapse-exploration/scripts/visualize.py at 36e14ed9e57a1ea52e60de128d63d63887e1f9e4 (licence NOASSERTION); new code, no text copied.
import matplotlib.pyplot as plt
import seaborn as sns
import torch


def attention_snapshot(model, checkpoints, n_tokens=30):
    """rough attention pattern over the vocabulary implied by the first layer's query/key weights"""
    fig, axes = plt.subplots(1, len(checkpoints), figsize=(4 * len(checkpoints), 4))
    for ax, (step, state) in zip(axes, checkpoints.items()):
        model.load_state_dict(state)
        with torch.no_grad():
            emb = model.token_embed.weight
            attn = model.transformer.layers[0].self_attn
            d = model.d_model
            wq, wk = attn.in_proj_weight[:d], attn.in_proj_weight[d:2 * d]
            q = emb @ wq.T
            k = emb @ wk.T
            pattern = torch.softmax(q @ k.T / d ** 0.5, dim=-1)
        sns.heatmap(pattern[:n_tokens, :n_tokens].numpy(), ax=ax, cbar=False)
        ax.set_title(f"step {step}")
    fig.tight_layout()
    return fig
