# cosaudit corpus, synthetic file: same shape as ekhadley/subliminal/gemma_utils.py at d4fed15a754e5b3309ef239f28b06d023649be40 (licence NOASSERTION); new code, no text copied.
import torch as t
from tabulate import tabulate
from transformer_lens import HookedTransformer


def topk_toks_table(top, tokenizer):
    rows = [(i, repr(tokenizer.decode([i])), f"{v:.4f}") for v, i in zip(top.values.tolist(), top.indices.tolist())]
    print(tabulate(rows, headers=["id", "token", "score"], tablefmt="simple_outline"))
    return rows


def unembed_sim_map(model: HookedTransformer, tok, normalize: bool = True, topk: int = 20):
    if isinstance(tok, str):
        tok_id = model.tokenizer(tok, return_tensors="pt", add_special_tokens=False)["input_ids"][0].item()
    else:
        tok_id = tok
    W_U = model.W_U.to(t.float32)
    W_U = (W_U / W_U.norm(dim=0, keepdim=True)) if normalize else W_U
    sims = t.einsum("d,dv->v", W_U[:, tok_id], W_U)
    return topk_toks_table(sims.topk(topk), model.tokenizer)
