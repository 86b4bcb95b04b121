# Synthetic rewrite of the shape of ekhadley/sae_lora:train.py at 953a49f77f0f67a6b43adf6a81aaf3bf1b7abb9d (licence NOASSERTION); not the original text.
#%% After training a rank-1 adapter in SAE latent space, read what it writes.
import functools

from einops import einsum

from utils import add_bias_hook, get_test_response, top_toks_table

# model: HookedSAETransformer (gemma-2-9b-it); lora: trained adapter over a gemma-scope SAE
write_vec = einsum(lora.b.squeeze(), sae.W_dec, "d_sae, d_sae d_model -> d_model")
write_dir = write_vec / write_vec.norm(dim=-1)

#%% push the residual stream along the adapter's write direction and sample
hook_at = lora.sae.cfg.metadata.hook_name
push = functools.partial(add_bias_hook, bias=write_dir * 250)
with model.hooks([(hook_at, push)]):
    print(get_test_response(model, "How do rainbows form?", max_new_tokens=96))

#%% which output tokens does the write vector promote?
W_U = model.W_U.float()
# (tried and left off) centre over the vocabulary and unit-normalise each token column:
# W_U = W_U - W_U.mean(dim=0, keepdim=True)
# W_U = W_U / W_U.norm(dim=0, keepdim=True)
write_dla = einsum(write_vec, W_U, "d_model, d_model d_vocab -> d_vocab")
top_toks_table(write_dla, model.tokenizer)

#%% same read-out for the change the adapter makes at the last position
_, base_cache = model.run_with_cache(toks)
model.add_hook(*lora.make_hook(use_error_term=False))
_, tuned_cache = model.run_with_cache(toks)
model.reset_hooks()
site = f"blocks.{SAE_LAYER}.hook_resid_post"
delta = base_cache[site][0, -1] - tuned_cache[site][0, -1]
delta_dla = einsum(delta, W_U, "d_model, d_model d_vocab -> d_vocab")
top_toks_table(delta_dla, model.tokenizer)
