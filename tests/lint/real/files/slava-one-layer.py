# cosaudit corpus, synthetic file: same shape as slavachalnev/circuits/analysis/one_layer.py at 1600155001746436fc8afb422017944c06400422 (licence MIT); new code, no text copied.
import numpy as np
import tiktoken
import torch

from utils import get_embedding_weights, get_ov_eigenvalues, get_weights_for_head


def source_to_out(tok, enc, head_w, emb_w, k=5):
    """OV circuit of one head for one source token: which output logits does it raise?"""
    x = emb_w["w_e"][:, tok]
    y = emb_w["w_u"] @ (head_w["w_o"] @ (head_w["w_v"] @ x))
    top = torch.topk(torch.from_numpy(y).squeeze(1), k)
    return enc.decode_tokens_bytes(top.indices.tolist()), top.values.tolist()


if __name__ == "__main__":
    enc = tiktoken.get_encoding("gpt2")
    emb_w = get_embedding_weights()
    for head in range(12):
        hw = get_weights_for_head(head)
        print(head, source_to_out(enc.encode(" couldn"), enc, hw, emb_w))
        print("eigen", np.round(get_ov_eigenvalues(hw, emb_w)[:3], 3))
