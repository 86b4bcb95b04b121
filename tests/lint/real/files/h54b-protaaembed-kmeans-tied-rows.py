# Synthetic rewrite of the shape of amarjahin/ProtAAEmbed:clustering.py at cb031818162cf01b75c1e1c658438dfb40fa46f8 (licence NOASSERTION); not the original text.
"""Do amino-acid token vectors of protein LMs group by side-chain chemistry?"""
from collections import Counter

import esm
import numpy as np
import torch
from sklearn.cluster import KMeans
from sklearn.manifold import TSNE
from sklearn.metrics import adjusted_rand_score
from transformers import AutoModel, AutoTokenizer

CHECKPOINTS = ["esm2_t6_8M_UR50D", "esm2_t12_35M_UR50D", "prot_bert"]
GROUPS = {"hydrophobic": set("AVLIMFWPG"), "polar": set("STNQCY"),
          "basic": set("KRH"), "acidic": set("DE")}


def chemistry(letter):
    for name, members in GROUPS.items():
        if letter in members:
            return name
    return "other"


def residue_token_vectors(checkpoint):
    if checkpoint == "prot_bert":
        tok = AutoTokenizer.from_pretrained("Rostlab/prot_bert")
        net = AutoModel.from_pretrained("Rostlab/prot_bert").eval()
        table = net.embeddings.word_embeddings.weight.detach()
        letters = list("ARNDCQEGHILKMFPSTWYV")
        ids = [tok.convert_tokens_to_ids(a) for a in letters]
        return table[ids].numpy(), letters
    net, alphabet = getattr(esm.pretrained, checkpoint)()
    table = net.embed_tokens.weight.detach()
    letters = [t for t in alphabet.all_toks if t.isalpha()]
    ids = [alphabet.get_idx(t) for t in letters]
    return table[ids].numpy(), letters


def purity(truth, assigned):
    truth = np.asarray(truth)
    hits = sum(Counter(truth[assigned == c]).most_common(1)[0][1]
               for c in np.unique(assigned))
    return hits / len(truth)


for checkpoint in CHECKPOINTS:
    vectors, letters = residue_token_vectors(checkpoint)
    flat = TSNE(n_components=2, perplexity=8, init="random",
                random_state=0).fit_transform(vectors)
    truth = [chemistry(a) for a in letters]
    k = 4 if checkpoint == "prot_bert" else 5
    assigned = KMeans(n_clusters=k, n_init=10, random_state=0).fit_predict(flat)
    codes = {g: i for i, g in enumerate(sorted(set(truth)))}
    ari = adjusted_rand_score([codes[g] for g in truth], assigned)
    print(f"{checkpoint}: purity={purity(truth, assigned):.3f} ari={ari:.3f}")
