# Synthetic rewrite of the shape of bartbussmann/meta_sae_dashboard:feature_statistics.py at 1d12bdb9b20d047b3b466242ae89c7b2ffa65570 (licence NOASSERTION); not the original text.
from collections import defaultdict

import torch
from tqdm import tqdm


class DashboardStats:
    def __init__(self, sae=None):
        self.n_latents = sae.W_dec.shape[0] if sae is not None else 24576
        self.latent_to_meta = defaultdict(list)
        self.boosted = {}
        self.meta_boosted = {}

    @torch.no_grad()
    def assign_meta_latents(self, sae, meta_sae, threshold=0.1):
        # each decoder row of the base SAE is itself encoded by the meta-SAE
        for i in tqdm(range(sae.W_dec.shape[0])):
            acts = meta_sae(sae.W_dec[i].unsqueeze(0), threshold=threshold)["feature_acts"].squeeze()
            hit = torch.nonzero(acts).squeeze(1)
            self.latent_to_meta[i] = [(int(j), float(acts[j])) for j in hit]

    @staticmethod
    def _boosted_tokens(decoder, model, top_k):
        unembedding = model.W_U  # d_model x vocab, straight from the hooked model
        table = {}
        for row in tqdm(range(decoder.shape[0]), desc="boosted logits"):
            feature_direction = decoder[row].to(unembedding.dtype)
            logit_contributions = feature_direction @ unembedding  # raw direct effect on each logit
            vals, ids = torch.topk(logit_contributions, k=top_k)
            table[row] = [(model.to_string(int(t)), float(v)) for t, v in zip(ids, vals)]
        return table

    @torch.no_grad()
    def compute_boosted(self, sae, meta_sae, model, top_k=10):
        self.boosted = self._boosted_tokens(sae.W_dec, model, top_k)
        self.meta_boosted = self._boosted_tokens(meta_sae.W_dec, model, top_k)

    def save(self, path):
        torch.save({"n": self.n_latents, "meta": dict(self.latent_to_meta),
                    "boosted": self.boosted, "meta_boosted": self.meta_boosted}, path)
