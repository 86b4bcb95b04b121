# cosaudit corpus, synthetic file: same shape as aragorn-w/logit-lens/logit_lens.py at 1a4c2546ba0ba53574426da1fbaa5312c80b9cf9 (licence NOASSERTION); new code, no text copied.
"""Terminal logit lens: decode every layer's residual stream with the final norm and unembedding."""
import torch
import transformer_lens
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer()
console = Console()


@torch.no_grad()
def lens(model, prompt, k=1):
    toks = model.to_tokens(prompt)
    _, cache = model.run_with_cache(toks)
    streams = [cache["hook_embed"] + cache["hook_pos_embed"]]
    streams += [cache[f"blocks.{i}.hook_resid_post"] for i in range(model.cfg.n_layers)]
    per_layer = []
    for resid in streams:
        logits = model.unembed(model.ln_final(resid))
        p, idx = logits[0].softmax(-1).topk(k, dim=-1)
        per_layer.append([[(model.to_string(int(idx[s, j])), float(p[s, j])) for j in range(k)]
                          for s in range(p.shape[0])])
    return [model.to_string(int(t)) for t in toks[0]], per_layer


def show(tokens, per_layer):
    table = Table(title="top next token per layer")
    table.add_column("layer")
    for t in tokens:
        table.add_column(repr(t)[1:-1][:12])
    for i, row in enumerate(per_layer):
        table.add_row("embed" if i == 0 else f"L{i - 1}", *["\n".join(w for w, _ in cell) for cell in row])
    console.print(table)


@app.command()
def main(prompt: str = "The Eiffel Tower is in the city of", model: str = "gpt2", top_k: int = 1):
    m = transformer_lens.HookedTransformer.from_pretrained(model).eval()
    show(*lens(m, prompt, top_k))


if __name__ == "__main__":
    app()
