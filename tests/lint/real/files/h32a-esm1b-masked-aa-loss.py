# Synthetic rewrite of the shape of lewinsohndp/NLPProject:run_masking.py at 9931cdfe32c3e20763d2b965883541f62e325650 (licence NOASSERTION); not the original text.
"""Per-residue masked-prediction difficulty of ESM-1b, averaged by amino-acid type."""
import pickle
import random
from collections import defaultdict

import torch

model, alphabet = torch.hub.load("facebookresearch/esm:main", "esm1b_t33_650M_UR50S")
model.eval()
to_batch = alphabet.get_batch_converter()


def masked_logits(seq, pos):
    masked = seq[:pos] + "<mask>" + seq[pos + 1:]
    _, _, toks = to_batch([("q", masked)])
    with torch.no_grad():
        return model(toks)["logits"][0, pos + 1]


def score_proteins(seqs, out_path="per_aa_loss.pkl"):
    loss_sum, seen = defaultdict(float), defaultdict(int)
    ce = torch.nn.CrossEntropyLoss()
    for seq in seqs:
        for pos, aa in enumerate(seq):
            row = masked_logits(seq, pos)
            probs = torch.softmax(row, dim=-1)
            gold = torch.tensor([alphabet.tok_to_idx[aa]])
            loss_sum[aa] += float(ce(probs.unsqueeze(0), gold))
            seen[aa] += 1
    with open(out_path, "wb") as fh:
        pickle.dump({aa: loss_sum[aa] / seen[aa] for aa in seen}, fh)


if __name__ == "__main__":
    random.seed(8)
    pool = [line.strip() for line in open("bsub_sequences.txt") if 0 < len(line.strip()) <= 200]
    score_proteins(random.sample(pool, min(1000, len(pool))))
