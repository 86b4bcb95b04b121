# cosaudit corpus, synthetic file: same shape as skojaku/applsoftcomp-transformers/llm-steering.py at 02916c1e134ed5a423f4335beaf8c8c56c26422f (licence NOASSERTION); new code, no text copied.
import marimo

app = marimo.App(width="medium")


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Nudging a language model from the inside

    Take two contrasting prompts, read the last-token hidden state of each at some layer, and use
    the difference as a direction to add back in during generation.
    """)
    return


@app.cell
def _():
    import torch
    import numpy as np
    from transformers import AutoModelForCausalLM, AutoTokenizer

    torch.set_grad_enabled(False)
    name = "google/gemma-3-1b-it"
    tokenizer = AutoTokenizer.from_pretrained(name)
    model = AutoModelForCausalLM.from_pretrained(name).eval()
    n_layers = model.config.num_hidden_layers
    return model, n_layers, np, tokenizer, torch


@app.cell
def _(model, tokenizer):
    def last_hidden(text, layer):
        box = {}

        def grab(module, inputs, output):
            box["h"] = (output[0] if isinstance(output, tuple) else output).detach()

        handle = model.model.layers[layer].register_forward_hook(grab)
        model(**tokenizer(text, return_tensors="pt"))
        handle.remove()
        return box["h"][0, -1]

    return (last_hidden,)


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    ## Which layer?

    For every layer we build the direction and check how closely it lines up with the output
    embedding of a few sentiment words: a high value means the direction already pushes those
    words up or down.
    """)
    return


@app.cell
def _(last_hidden, model, n_layers, np, tokenizer, torch):
    import matplotlib.pyplot as plt

    out_rows = model.lm_head.weight.detach()
    words = ["good", "bad", "love", "hate", "great", "awful"]
    alignment = {w: [] for w in words}
    sizes = []
    for layer in range(n_layers):
        a = last_hidden("Love", layer)
        b = last_hidden("Hate", layer)
        direction = a / a.norm() - b / b.norm()
        sizes.append(direction.norm().item())
        unit_dir = direction / direction.norm()
        for w in words:
            wid = tokenizer.encode(" " + w, add_special_tokens=False)[0]
            row = out_rows[wid]
            unit_row = row / row.norm()
            alignment[w].append(torch.dot(unit_dir.float(), unit_row.float()).item())

    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 5))
    top.bar(np.arange(n_layers), sizes)
    top.set_ylabel("direction norm")
    for w, vals in alignment.items():
        bottom.plot(np.arange(n_layers), vals, marker="o", label=w)
    bottom.set_ylabel("cosine with output embedding")
    bottom.legend(ncol=3)
    fig
    return


@app.cell
def _():
    import marimo as mo
    return (mo,)


if __name__ == "__main__":
    app.run()
