# Synthetic rewrite of the shape of Superposition09m/SAE-Track:cos_plot_ckpt.py at d89a8a390bbc00795e916d73cc0f372158782f57 (licence NOASSERTION); not the original text.
import numpy as np
import torch
import plotly.express as px
from sae_training.sae_group import SAEGroup

CHECKPOINT_SAES = {
    100: "runs/a1/sae_step100_blocks.4.hook_resid_pre.pt",
    400: "runs/a1/sae_step400_blocks.4.hook_resid_pre.pt",
    900: "runs/a1/sae_step900_blocks.4.hook_resid_pre.pt",
}

np.random.seed(0)
early, late = 100, 900

sae_early = SAEGroup.load_from_pretrained(CHECKPOINT_SAES[early]).autoencoders[0].to("cuda")
sae_late = SAEGroup.load_from_pretrained(CHECKPOINT_SAES[late]).autoencoders[0].to("cuda")

# decoder matrices, one row per latent: [n_latents, d_model]
W_dec1 = sae_early.W_dec
W_dec2 = sae_late.W_dec

# per-latent agreement of the dictionary direction between the two checkpoints
latent_cos = (W_dec1 * W_dec2).sum(dim=-1) / (W_dec1.norm(dim=-1) * W_dec2.norm(dim=-1))

fig = px.histogram(
    latent_cos.float().detach().cpu().numpy(),
    nbins=80,
    range_x=[-1, 1],
    log_y=True,
    labels={"value": "cosine of matched decoder rows"},
)
fig.update_layout(title=f"SAE at step {early} vs step {late}", showlegend=False)
fig.update_xaxes(title_text="Cosine similarity")
fig.update_yaxes(title_text="Latents (log)")
fig.write_image(f"decoder_cos_{early}_{late}.svg")
