# cosaudit corpus, synthetic file: same shape as KihoPark/linear_rep_geometry/store_matrices.py at 40bee00b50a6fafcf2ee4db2c01602023aa366cc (licence NOASSERTION); new code, no text copied.
import torch
from tqdm import tqdm

import linear_rep_geometry as lrg

device = torch.device("cuda:0")

# unembedding vectors and the causal inner product
gamma = lrg.model.lm_head.weight.detach().to(device)
n_vocab, d = gamma.shape
centred = gamma - gamma.mean(dim=0)
cov = centred.T @ centred / n_vocab
evals, evecs = torch.linalg.eigh(cov)
inv_sqrt_cov = evecs @ torch.diag(evals.rsqrt()) @ evecs.T
g = gamma @ inv_sqrt_cov

# concept directions: mean of differences between paired words
pair_files = ["word_pairs/[verb - 3pSg].txt", "word_pairs/[male - female].txt", "word_pairs/[English - French].txt"]
concept_g = []
for path in tqdm(pair_files):
    base_ids, target_ids = lrg.get_pair_ids(path)
    diffs = g[target_ids] - g[base_ids]
    direction = diffs.mean(dim=0)
    concept_g.append(direction / direction.norm())
torch.save(torch.stack(concept_g), "matrices/concept_g.pt")
torch.save(g, "matrices/g.pt")
