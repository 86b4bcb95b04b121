# Synthetic rewrite of the shape of Natooz/BPE-Symbolic-Music:scripts/bpe_embeddings_sim_predictions.py at 03ac8fe63c9573a9155e204228f7a12cf305f779 (licence NOASSERTION); not the original text.
"""How alike are the tokens a music GPT-2 ranks highest at each step? (embedding cosines of its top-k guesses)"""
import logging
from pathlib import Path

import torch
from torch.nn.functional import cosine_similarity
from torch.utils.data import DataLoader
from transformers import GPT2LMHeadModel

K = 6
WARMUP = 200
N_BATCHES = 300

if __name__ == "__main__":
    log = logging.getLogger("topk_geometry")
    log.addHandler(logging.StreamHandler())
    log.setLevel(logging.INFO)

    for run in sorted(Path("runs").glob("gen_*")):
        lm = GPT2LMHeadModel.from_pretrained(run / "best")  # tied wte / lm_head, learned wpe
        lm.eval()
        loader = DataLoader(torch.load(run / "valid_batches.pt"), batch_size=16)

        cos_vals, dist_vals = [], []
        with torch.no_grad():
            for step, batch in enumerate(loader):
                if step == N_BATCHES:
                    break
                mask = (batch != lm.config.pad_token_id).float()
                scores = lm(batch, attention_mask=mask).logits[:, WARMUP:]
                guesses = scores.topk(K).indices  # (N, T, K)
                for row in guesses:
                    vecs = lm.transformer.wte(row)  # (T, K, E)
                    for cands in vecs:  # (K, E)
                        sim = cosine_similarity(cands[:, :, None], cands.t()[None, :, :])
                        d = torch.cdist(cands, cands)
                        keep = torch.triu(torch.ones(K, K, dtype=torch.bool), diagonal=1)
                        cos_vals.append(sim[keep])
                        dist_vals.append(d[keep])

        cos_vals = torch.cat(cos_vals)
        dist_vals = torch.cat(dist_vals)
        log.info(f"{run.name}: top-{K} pairwise cosine {cos_vals.mean():.3f} +- {cos_vals.std():.3f}; "
                 f"distance {dist_vals.mean():.3f}")
