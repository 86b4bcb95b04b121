# cosaudit corpus, synthetic file: same shape as neelnanda-io/Understanding-Arithmetic/scratch.py at dd54ef8b07d5f219c17719252f6c67f6534fde44 (licence MIT); new code, no text copied.
# %%
import einops
import torch
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gpt-j-6b", fold_ln=True, center_unembed=True)
number_tok = torch.tensor([model.to_single_token(str(i)) for i in range(1000)])


def fourier_basis(n, freqs):
    rows = [torch.ones(n)]
    for f in freqs:
        rows.append(torch.cos(torch.arange(n) * 2 * torch.pi * f / n))
        rows.append(torch.sin(torch.arange(n) * 2 * torch.pi * f / n))
    rows = torch.stack(rows)
    return rows / rows.norm(dim=-1, keepdim=True)


# %% direct logit attribution of every component onto the correct answer
prompts = [f"{a}+{b}=" for a, b in [(123, 211), (305, 17), (99, 148)]]
answers = torch.tensor([model.to_single_token(str(a + b)) for a, b in [(123, 211), (305, 17), (99, 148)]])
_, cache = model.run_with_cache(model.to_tokens(prompts))
stack, labels = cache.decompose_resid(pos_slice=-1, return_labels=True)
stack = cache.apply_ln_to_stack(stack, pos_slice=-1)

U_answer = model.W_U[:, answers]                               # [d_model, batch]
dla = (stack * U_answer.T).sum(-1).mean(-1)

# subtract the generic "this is some number" direction before attributing
number_mean = model.W_U[:, number_tok[200:400]].mean(-1)
U_answer_centred = U_answer - number_mean[:, None]
dla_centred = (stack * U_answer_centred.T).sum(-1).mean(-1)

# units digit: remove the mean over numbers sharing the tens/hundreds context
units_dla = []
for i, a in enumerate(answers.tolist()):
    unit = int(model.to_string(a)) % 10
    unit_mean = model.W_U[:, number_tok[[unit + 10 * j for j in range(20, 40)]]].mean(-1)
    units_dla.append(stack[:, i] @ (U_answer[:, i] - unit_mean))

# %% neuron output weights in the Fourier basis of the number unembeddings
fourier_U = fourier_basis(400, [1, 2, 5, 10]) @ model.W_U[:, number_tok[100:500]].T.float()   # [terms, d_model]
W_out = torch.stack([model.blocks[l].mlp.W_out for l in range(17, 28)])
W_out_unit = W_out / W_out.norm(dim=-1, keepdim=True)
W_out_fourier = einops.einsum(W_out_unit.float(), fourier_U, "l n d, t d -> l n t")
print(W_out_fourier.std(-1).mean(-1))
