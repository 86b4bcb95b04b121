# cosaudit corpus, synthetic file: same shape as Dayamoy/TransformerLens_Practice/Logit_Lens/logit_lens.py at c97faf97a06c22458838dc555dd99f575af60bc4 (licence NOASSERTION); new code, no text copied.
import torch
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gpt2-small")
prompt = "The Eiffel Tower is located in the city of"
answer = model.to_single_token(" Paris")
_, cache = model.run_with_cache(prompt)

for layer in range(model.cfg.n_layers):
    resid = cache[f"blocks.{layer}.hook_resid_post"]
    normed = model.ln_final(resid)          # the unembedding expects the final norm
    layer_logits = model.unembed(normed)
    p = torch.softmax(layer_logits[0, -1], dim=-1)
    rank = int((p > p[answer]).sum()) + 1
    print(layer, repr(model.tokenizer.decode(int(p.argmax()))), rank, f"{p[answer].item():.4f}")
