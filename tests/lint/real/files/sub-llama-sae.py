# cosaudit corpus, synthetic file: same shape as ekhadley/subliminal/llama/llama_sae.py at d4fed15a754e5b3309ef239f28b06d023649be40 (licence NOASSERTION); new code, no text copied.
# %%
import einops
import torch as t

from llama_utils import line, load_sae

model, tokenizer, sae = load_sae("Llama-3.2-1B-Instruct")
num_ids = [i for s, i in tokenizer.vocab.items() if s.isdecimal()]
num_unembeds = model.W_U[:, num_ids].clone().float()          # [d_model, n_numbers]

feat_idx = 13554
feat_dec = sae.decoder.weight[:, feat_idx].clone().float()

# %% centre each vector over its coordinates, then make them unit length
num_unembeds = num_unembeds - num_unembeds.mean(dim=0, keepdim=True)
feat_dec = feat_dec - feat_dec.mean()
num_unembeds /= num_unembeds.norm(dim=0, keepdim=True)
feat_dec /= feat_dec.norm()

scores = einops.einsum(feat_dec, num_unembeds, "d_model, d_model n_num -> n_num")
order = t.argsort(scores, descending=True)
line([scores[i].item() for i in order], x=[tokenizer.decode([num_ids[i]]) for i in order],
     title=f"feature {feat_idx} against the number tokens (sorted)")
