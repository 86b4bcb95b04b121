# Synthetic rewrite of the shape of redwoodresearch/Easy-Transformer:easy_transformer/ioi_utils.py at ea15315dd24481e9e2ac5c3ef335d82907a1dc34 (licence MIT); not the original text.
"""Does a head write in the direction of the name it attends to? (IOI scatter)"""
import pandas as pd
import plotly.express as px
import torch


def name_writing_scatter(model, dataset, layer, head):
    W_out = model.unembed.W_U.detach().cpu()  # [d_model, d_vocab]
    store = {}
    model.cache_all(store)
    model(dataset.toks.long())
    end = dataset.word_idx["end"]
    rows = []
    for i, p in enumerate(dataset.ioi_prompts):
        ids = model.tokenizer(p["text"])["input_ids"]
        io_id = model.tokenizer(" " + p["IO"])["input_ids"][0]
        s_id = model.tokenizer(" " + p["S"])["input_ids"][0]
        s_first = ids.index(s_id)
        s_second = ids.index(s_id, s_first + 1)
        io_dir = W_out[:, io_id]
        s_dir = W_out[:, s_id]
        pattern = store[f"blocks.{layer}.attn.hook_attn"][i, head, end[i]].cpu()
        resid = store[f"blocks.{layer}.attn.hook_result"][i, end[i], head].cpu()
        for dire, where, kind in ((io_dir, [ids.index(io_id)], "IO"), (s_dir, [s_first, s_second], "S")):
            attn = float(sum(pattern[j] for j in where))
            dot = torch.einsum("a,a->", resid, dire)
            rows.append([attn, float(dot), kind, p["text"]])
    frame = pd.DataFrame(rows, columns=["attention to name", "dot with name unembedding", "which", "text"])
    return px.scatter(frame, x="attention to name", y="dot with name unembedding", color="which",
                      hover_data=["text"], title=f"head {layer}.{head}: copying vs attention")
