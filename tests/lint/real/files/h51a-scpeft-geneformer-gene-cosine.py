# Synthetic rewrite of the shape of petadimensionlab/scPEFT:scripts/05_marker_gene_detection.py at e4f70dafea6f10979c7553e8519fbc42c6f8252e (licence NOASSERTION); not the original text.
"""Gene neighbours from Geneformer's token table: genes whose vectors point the same way
are read as genes that appear in the same cellular context."""
import pickle

import numpy as np
import torch

from geneformer_peft.geneformer.in_silico_perturber import load_model


def gene_neighbours(token_dict_path, model_dir, query_ids, id_to_symbol, k=20, device="cpu"):
    vocab = pickle.load(open(token_dict_path, "rb"))            # Ensembl id -> token id
    net = load_model("Pretrained", 0, str(model_dir)).to(device).eval()
    with torch.no_grad():
        w = net.bert.embeddings.word_embeddings.weight.detach().float().cpu().numpy()
    w = w / (np.linalg.norm(w, axis=1, keepdims=True) + 1e-9)    # unit rows

    found = {}
    for gene in query_ids:
        tid = vocab.get(gene)
        if tid is None or tid >= w.shape[0]:
            continue
        sim = w @ w[tid]                                          # cosine to every gene token
        ranked = [i for i in np.argsort(-sim) if i != tid][:k]
        found[id_to_symbol.get(tid, gene)] = [
            {"gene": id_to_symbol.get(int(i), f"token_{i}"), "cosine": float(sim[i])} for i in ranked
        ]
    return found


def agreement(context_hits, expression_hits):
    expr = {g["gene"] for rows in expression_hits.values() for g in rows}
    return {q: sorted({r["gene"] for r in rows} & expr) for q, rows in context_hits.items()}
