# Synthetic rewrite of the shape of DestineG/llm_from_scratch:src/test/token_embedding.py at 0578ce956a733b0c2226889f893a8090ec01264c (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F

from mylm.model import TinyGPT
from mylm.tok import load_bpe
from mylm.config import CONFIG

ckpt = "runs/owt_bpe/ckpt_final.pt"
dev = "cuda" if torch.cuda.is_available() else "cpu"

bpe = load_bpe("gpt2")
CONFIG["vocab_size"] = bpe.n_vocab
net = TinyGPT(**CONFIG).to(dev)
net.load_state_dict(torch.load(ckpt, map_location=dev))
table = net.embedding.token_embedding


def word_vector(w):
    ids = torch.tensor(bpe.encode(w), device=dev)
    with torch.no_grad():
        return table(ids).mean(dim=0)  # average the pieces of a split word


vocab = ["paris", "london", "red", "blue", "run", "walk"]
vecs = {w: word_vector(w) for w in vocab}


def cos(u, v):
    return F.cosine_similarity(u.unsqueeze(0), v.unsqueeze(0)).item()


for a in vocab:
    print(a.rjust(7), [f"{cos(vecs[a], vecs[b]):.2f}" for b in vocab])
