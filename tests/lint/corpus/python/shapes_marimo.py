# expect: COS301
"""A marimo notebook: every cell is a function named `_` whose parameters are what other cells
defined, so the cells run in order as one notebook. A cell compares a steering vector with the
rows of a few sentiment tokens by cosine; a cell of logits and a cell of row differences stay
quiet.

Shape seen in public marimo lecture notebooks on activation steering; written for cosaudit's tests.
"""
import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
    tokenizer = AutoTokenizer.from_pretrained("org/causal-lm")
    return model, tokenizer, torch


@app.cell(hide_code=True)
def _(activation_at, model, tokenizer, torch):
    head = model.lm_head.weight.detach()
    by_token = {}
    for _word in ["good", "bad", "love", "hate"]:
        _sv = activation_at("I love it", 6) - activation_at("I hate it", 6)
        _sv_unit = _sv / _sv.norm()
        _row = head[tokenizer.encode(" " + _word, add_special_tokens=False)[0]]
        _row_unit = _row / _row.norm()
        by_token[_word] = torch.dot(_sv_unit.float(), _row_unit.float()).item()  # expect: COS120
    return (by_token, head)


@app.cell
def _(head, hidden):
    logits = hidden @ head.T
    contrast = head[10] - head[11]
    return (logits, contrast)


if __name__ == "__main__":
    app.run()
