# Synthetic rewrite of the shape of aloobun/tokenadapt:src/heuristics.py at 5b4721d9303538b48a4fd1f561c2c52506a3d3a9 (licence NOASSERTION); not the original text.
import faiss
import numpy as np
import torch
import torch.nn.functional as F


def _tempered(scores, tau):
    return F.softmax(scores / tau, dim=0)


def knn_init(piece, aux_cache, faiss_index, row_to_piece, donor_vocab,
             donor_in, donor_out, k, tau, dtype, device):
    """New-token init: neighbours are found in an auxiliary text-embedding space."""
    if piece not in aux_cache:
        return None, None
    q = np.asarray(aux_cache[piece], dtype=np.float32).reshape(1, -1)
    faiss.normalize_L2(q)
    distances, indices = faiss_index.search(q, k)
    ids, sims = [], []
    for s, j in zip(distances[0], indices[0]):
        name = row_to_piece.get(int(j))
        tid = donor_vocab.get(name) if name is not None else None
        if tid is not None and 0 <= tid < donor_in.shape[0]:
            ids.append(tid)
            sims.append(float(s))
    if not ids:
        return None, None
    w = _tempered(torch.tensor(sims, dtype=dtype, device=device), tau).unsqueeze(1)
    new_in = (w * donor_in[ids].to(device, dtype)).sum(0).cpu()
    new_out = None
    if donor_out is not None:
        # head rows are only mixed with the weights found above, never compared
        new_out = (w * donor_out[ids].to(device, dtype)).sum(0).cpu()
    return new_in, new_out


def subword_init(whole_vec, part_vecs, part_ids, part_lens, whole_len,
                 donor_in, donor_out, tau):
    whole = F.normalize(torch.as_tensor(whole_vec), p=2, dim=0)
    parts = F.normalize(torch.stack([torch.as_tensor(v) for v in part_vecs]), p=2, dim=1)
    similarities = torch.mv(parts, whole)
    ratio = torch.tensor([n / whole_len for n in part_lens])
    w = _tempered((similarities + ratio) / 2.0, tau).unsqueeze(1)
    new_in = (w * donor_in[part_ids]).sum(0)
    new_out = (w * donor_out[part_ids]).sum(0) if donor_out is not None else None
    return new_in, new_out
