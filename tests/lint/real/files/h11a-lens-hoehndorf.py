# cosaudit corpus, synthetic file: same shape as nathanhoehndorf/LogitLens/logit_lens.py at 6553e4c38280ed90d2dbf127a97324f0db6cae1b (licence NOASSERTION); new code, no text copied.
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gpt2")

text = "Roses are red and violets are"
_, cache = model.run_with_cache(text)
print("tokens:", model.to_str_tokens(model.to_tokens(text)))

# read each layer's residual stream through the model's own final norm + unembedding
for layer in range(model.cfg.n_layers):
    resid = cache[f"blocks.{layer}.hook_resid_post"][:, -1:, :]
    decoded = model.unembed(model.ln_final(resid))
    guess = decoded[0, 0].argmax().item()
    print(f"layer {layer:2d}: {model.to_string(guess)!r}")
