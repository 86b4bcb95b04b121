# Synthetic rewrite of the shape of ccqq77/semantic_token_clustering:build_embedding_matrix.py at 7cc6809e43f136fd9e9217aae3922db94f77ec12 (licence NOASSERTION); not the original text.
"""Group a causal LM's vocabulary into meaning clusters from its token tables, for cluster-level uncertainty."""
import argparse

import torch
from sklearn.cluster import AgglomerativeClustering
from transformers import AutoModelForCausalLM, AutoTokenizer


def unit_rows(w):
    return w / w.norm(dim=1, keepdim=True).clamp_min(1e-9)


def token_table(model, tokenizer, which):
    lm, n_vocab = model, len(tokenizer)
    if which == "input":
        return lm.get_input_embeddings().weight.data[:n_vocab].clone()
    if which == "output":
        return lm.get_output_embeddings().weight.data[:n_vocab].clone()
    # default: both tables, each row scaled to unit length, side by side
    inp = unit_rows(lm.get_input_embeddings().weight.data[:n_vocab].float())
    embedding_out = model.get_output_embeddings().weight.data[:len(tokenizer), :].clone()
    out = unit_rows(embedding_out.float())
    return torch.cat([inp, out], dim=-1)


def pairwise_cosine_distance(table):
    t = torch.nn.functional.normalize(table.float(), dim=1)
    return (1.0 - t @ t.T).clamp_min(0.0)


def cluster_vocab(model_name, which="both", k=12000, linkage="average"):
    tok = AutoTokenizer.from_pretrained(model_name)
    lm = AutoModelForCausalLM.from_pretrained(model_name, torch_dtype="auto")
    table = token_table(lm, tok, which)
    dist = pairwise_cosine_distance(table).numpy()
    labels = AgglomerativeClustering(n_clusters=k, metric="precomputed", linkage=linkage).fit(dist).labels_
    same = torch.tensor(labels)
    return same.unsqueeze(0) == same.unsqueeze(1)  # (V, V): True where two tokens share a cluster


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="mistralai/Mistral-7B-v0.1")
    ap.add_argument("--table", default="both", choices=["input", "output", "both"])
    ap.add_argument("--k", type=int, default=12000)
    a = ap.parse_args()
    torch.save(cluster_vocab(a.model, a.table, a.k), "same_cluster.pt")
