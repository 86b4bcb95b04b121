# cosaudit corpus, synthetic file: same shape as JosephHuston/tuned-logit-lens/tuned_lens.py at 2e5b2ccb8ead890c58759a91becdbe6f9f5b32a1 (licence NOASSERTION); new code, no text copied.
import torch
from datasets import load_dataset
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained("gpt2").eval()


class Translators(torch.nn.Module):
    """An identity-initialised affine map per layer, read out through the model's own head."""

    def __init__(self, n_layers, d_model):
        super().__init__()
        self.maps = torch.nn.ModuleList(torch.nn.Linear(d_model, d_model) for _ in range(n_layers))
        for m in self.maps:
            torch.nn.init.eye_(m.weight)
            torch.nn.init.zeros_(m.bias)

    def forward(self, h, layer):
        return model.unembed(model.ln_final(self.maps[layer](h)))


lens = Translators(model.cfg.n_layers, model.cfg.d_model)
opt = torch.optim.Adam(lens.parameters(), lr=1e-3)
texts = [r["text"] for r in load_dataset("NeelNanda/pile-10k", split="train[:10]")]

for layer in range(model.cfg.n_layers):
    for text in texts:
        toks = model.to_tokens(text)[:, :128]
        with torch.no_grad():
            _, cache = model.run_with_cache(toks)
            h = cache["resid_post", layer][0]
            target = model.unembed(model.ln_final(h))
        loss = torch.nn.KLDivLoss(reduction="batchmean")(lens(h, layer), target)
        opt.zero_grad()
        loss.backward()
        opt.step()

with torch.no_grad():
    toks = model.to_tokens("The sky is blue and the trees are")
    _, cache = model.run_with_cache(toks)
    for layer in range(model.cfg.n_layers):
        top = lens(cache["resid_post", layer][0], layer).softmax(-1).argmax(-1)
        print(layer, [model.to_string(int(t)) for t in top])
