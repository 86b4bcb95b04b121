# Synthetic rewrite of the shape of gboxo/Zym_SAEs:compare_decoders.py at 88bb64922995712f664836bd02560a617ea2dce2 (licence CC-BY-4.0); not the original text.
import torch
import torch.nn.functional as F
import matplotlib.pyplot as plt

ckpts = {
    "base": "runs/sae_base/final.pt",
    "stage_a": "runs/diff_stage_a/final.pt",
    "stage_b": "runs/diff_stage_b/final.pt",
}
dec = {k: torch.load(p)["model_state_dict"]["W_dec"] for k, p in ckpts.items()}

# latent-by-latent agreement of the dictionaries before and after fine-tuning
sim_a = F.cosine_similarity(dec["base"], dec["stage_a"], dim=1).cpu()
sim_b = F.cosine_similarity(dec["base"], dec["stage_b"], dim=1).cpu()

plt.scatter(sim_a.numpy(), sim_b.numpy(), s=2)
plt.xlabel("cos(base, stage_a)")
plt.ylabel("cos(base, stage_b)")
plt.savefig("decoder_drift.png")
