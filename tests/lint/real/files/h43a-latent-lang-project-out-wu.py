# Synthetic rewrite of the shape of malaikaaiyar/llm-latent-language:OLD/llama_intervention_delete_en.py at b3e807bee6c557c689765c1830bfec0d4d268966 (licence NOASSERTION); not the original text.
# %%
import torch

W_U, b_U = model.unembed.W_U, model.unembed.b_U
n = len(prompts)
latent_p = torch.zeros(model.cfg.n_layers, n)
answer_p = torch.zeros(model.cfg.n_layers, n)

# %% remove the English latent token's unembedding direction from each layer's residual
for i, prompt in enumerate(prompts):
    _, cache = model.run_with_cache(prompt)
    for layer in range(model.cfg.n_layers):
        ln_resid = model.ln_final(cache[f"blocks.{layer}.hook_resid_post"][:, -1])
        alpha = (ln_resid @ W_U.T[latents[i][1]]) / (W_U.T[latents[i][1]] @ W_U.T[latents[i][1]])
        ln_resid_steer = ln_resid - alpha * W_U.T[latents[i][1]]
        logits = ln_resid_steer @ W_U + b_U
        probs = torch.softmax(logits[0], dim=-1)
        latent_p[layer, i] = probs[latents[i][1]].item()
        answer_p[layer, i] = probs[answers[i][1]].item()

# %%
print(latent_p.mean(1), answer_p.mean(1))
