# expect: COS301
"""A head read by a tensor name picked at run time from a list of candidates that names the head
(`st.get_tensor(chosen)`, `chosen` returned by a resolver over `HEAD_NAMES`) — next to the
look-alikes: hidden states searched against the raw rows (the maximum logit), and every other
tensor of the file read in a loop over its keys.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import faiss
import numpy as np
import torch
from safetensors import safe_open

HEAD_NAMES = ("lm_head.weight", "model.output.weight")
INPUT_NAMES = ["model.embed_tokens.weight", "transformer.wte.weight"]


def first_present(available, wanted):
    for name in wanted:
        if name in available:
            return name
    raise KeyError(wanted)


def read_matrix(path, wanted):
    with safe_open(path, framework="np") as st:
        chosen = first_present(set(st.keys()), wanted)
        return st.get_tensor(chosen)


def neighbours(rows, k, batch=4096):
    lengths = np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
    unit = (rows / lengths).astype(np.float32)
    flat = faiss.IndexFlatIP(unit.shape[1])
    index = faiss.index_cpu_to_gpu(faiss.StandardGpuResources(), 0, flat) if faiss.get_num_gpus() else flat
    index.add(unit)
    found = []
    for lo in range(0, unit.shape[0], batch):
        found.append(index.search(unit[lo : lo + batch], k)[1])  # expect: COS103
    return np.concatenate(found)


def top_logits(rows, hidden, k):
    index = faiss.IndexFlatIP(rows.shape[1])
    index.add(rows)
    return index.search(hidden, k)


knn = neighbours(read_matrix("model.safetensors", HEAD_NAMES), 10)  # expect: COS101
best = top_logits(read_matrix("model.safetensors", HEAD_NAMES), np.load("hidden.npy"), 5)

W = torch.load("head.pt")["lm_head.weight"]
W_unit = W / W.norm(dim=-1, keepdim=True).clamp(min=1e-8)
pair = W_unit[11] @ W_unit[12]  # expect: COS101
scale = torch.clamp(W.norm(dim=-1), max=5.0).mean()

with safe_open("model.safetensors", framework="pt") as st:
    for key in st.keys():
        if key in HEAD_NAMES:
            continue
        t = st.get_tensor(key)
        t_unit = t / t.norm(dim=-1, keepdim=True)
        spread = (t_unit @ t_unit.T).std()


def head_matrix(sd, override=None):
    """The first candidate key the checkpoint holds, or the one the user names."""
    for key in [override] if override else ["lm_head.weight", "transformer.wte.weight"]:
        if key in sd and sd[key].dim() == 2:
            return key, sd[key]
    raise KeyError("no output head in checkpoint")


def angle_matrix(M):
    unit = torch.nn.functional.normalize(M.float(), dim=1)
    return torch.rad2deg(torch.acos((unit @ unit.T).clamp(-1, 1)))


_, run_head = head_matrix(torch.load("run_a.pt")["model"])
print(angle_matrix(run_head))  # expect: COS101
