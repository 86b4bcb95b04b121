# cosaudit corpus, synthetic file: same shape as callummcdougall/TransformerLens-intro/exercises/indirect_object_identification/easy_transformer/ioi_utils.py at df75bbb7bb4db52410422c62da1a51ba6700e3c6 (licence NOASSERTION); new code, no text copied.
import pandas as pd
import torch


def head_writing_scores(model, dataset, layer, head):
    """For every prompt: attention paid from END to the IO / S tokens, and how much the head's
    output at END points along the IO / S unembedding columns."""
    W_U = model.unembed.W_U.detach().cpu()
    cache = {}
    model.cache_all(cache)
    model(dataset.toks.long())
    rows = []
    for i, prompt in enumerate(dataset.ioi_prompts):
        io_id = model.tokenizer(" " + prompt["IO"])["input_ids"][0]
        s_id = model.tokenizer(" " + prompt["S"])["input_ids"][0]
        ids = model.tokenizer(prompt["text"])["input_ids"]
        end = dataset.word_idx["end"][i]
        io_pos = ids.index(io_id)
        s_positions = [j for j, t in enumerate(ids) if t == s_id]
        for column, positions, kind in ((W_U[:, io_id], [io_pos], "IO"), (W_U[:, s_id], s_positions, "S")):
            attn = sum(cache[f"blocks.{layer}.attn.hook_attn"][i, head, end, p].item() for p in positions)
            out = cache[f"blocks.{layer}.attn.hook_result"][i, end, head, :].detach().cpu()
            dot = torch.einsum("d,d->", out, column)
            rows.append({"prompt": i, "token": kind, "attention": attn, "logit_push": dot.item()})
    return pd.DataFrame(rows)
