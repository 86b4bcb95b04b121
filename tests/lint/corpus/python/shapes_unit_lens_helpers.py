"""A helper that scores unit vectors it does not follow (a sparse autoencoder's atoms read from a
state dict) against the unit rows it is given, and keeps each row's best match (`torch.max(...,
dim=1)`): given a tied GPT-2's token rows (learned positions), those rows are the head's, so the
best-match cosines move with the head's translation (COS150); given a LLaMA's token rows (rotary, not
tied), input geometry, quiet. Given the head's own rows, a cosine lens (COS120).

Shapes seen in public sparse-autoencoder feature-recovery scripts; written for cosaudit's tests.
"""
import torch
from transformers import GPT2LMHeadModel, LlamaForCausalLM


def feature_recovery(sae_state, truth, threshold=0.9):
    atoms = sae_state["encoder.weight"]
    truth_unit = truth / torch.norm(truth, dim=1, keepdim=True)
    atoms_unit = atoms / torch.norm(atoms, dim=1, keepdim=True)
    sims = torch.matmul(truth_unit, atoms_unit.T)
    best, _ = torch.max(torch.abs(sims), dim=1)
    return (best > threshold).float().mean().item()


sae = torch.load("sae_layer2.pt")
gpt = GPT2LMHeadModel.from_pretrained("./tiny-gpt2")
print(feature_recovery(sae, gpt.transformer.wte.weight.detach()[[5, 6, 7]]))  # expect: COS150
print(feature_recovery(sae, gpt.lm_head.weight.detach()))  # expect: COS120

llama = LlamaForCausalLM.from_pretrained("./tiny-llama")
print(feature_recovery(sae, llama.model.embed_tokens.weight.detach()[[5, 6, 7]]))
