# cosaudit corpus, synthetic file: same shape as callummcdougall/SERI-MATS-2023-Streamlit-pages/transformer_lens/rs/arthurs_notebooks/ov_projection.py at c2a732ca1c7881ea75b1305c4c315a922c295452 (licence MIT); new code, no text copied.
# %%
"""
How much of the negative name mover's direct effect goes along the unembedding of the one token it suppresses?
"""
from transformer_lens.cautils.notebook import *

model = HookedTransformer.from_pretrained(
    "gpt2-small",
    center_unembed=True,
    center_writing_weights=True,
    fold_ln=True,
    refactor_factored_attn_matrices=True,
)
model.set_use_attn_result(True)
LAYER, HEAD = NEG_HEADS[model.cfg.model_name]

# %%
prompts = {
    " station": "... the orbiting International Space Station, recorded through a small telescope ... the station's",
    " Roger": "Senators send letter to Roger Goodell about the charges against",
}

# %%
rows = []
for token_str, text in prompts.items():
    tokens = model.to_tokens(text)
    suppressed = model.to_single_token(token_str)
    _, cache = model.run_with_cache(tokens, names_filter=lambda n: n.endswith("pattern") or n.endswith("hook_v"))
    pattern = cache["pattern", LAYER][0, HEAD, -1]
    v = cache["v", LAYER][0, :, HEAD]
    weighted_v = einops.einsum(v, pattern, "seq d_head, seq -> d_head")
    ov_out = weighted_v @ model.W_O[LAYER, HEAD]

    u_dir = normalize(model.W_U[:, suppressed])
    along = einops.einsum(u_dir, ov_out, "d_model, d_model ->")
    rest_dir = normalize(ov_out - along * u_dir)
    rest = einops.einsum(rest_dir, ov_out, "d_model, d_model ->")
    assert torch.allclose(ov_out, along * u_dir + rest * rest_dir, atol=5e-3)
    rows.append({"token": token_str, "along_unembedding": along.item(), "orthogonal": rest.item()})

# %%
print(pd.DataFrame(rows))
