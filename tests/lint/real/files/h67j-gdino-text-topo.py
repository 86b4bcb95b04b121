# Synthetic rewrite of the shape of Ostwind23/Improving-incremental-learning-on-GCD:mmdet/models/detectors/gdino_inc_gcd.py at 5ed7aa5306e894e8883804a7b40c3b1a0a4253af (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


class PrototypeTopologyMixin:
    """Incremental open-vocabulary detector helpers: keep the similarity structure of old classes,
    measured on pooled text-encoder prompt embeddings and on visual prototypes."""

    @torch.no_grad()
    def freeze_visual_bank(self):
        seen = self.bank_counts > 0
        self.bank[seen] = F.normalize(self.bank[seen], dim=-1)
        self.visual_topology = self.bank @ self.bank.t()
        self.text_topology = self.prompt_topology()

    @torch.no_grad()
    def prompt_topology(self):
        names = [f"a photo of a {self.class_names[c]}" for c in range(self.n_old)]
        was_training = self.text_encoder.training
        self.text_encoder.eval()
        out = self.text_encoder(names)
        self.text_encoder.train(was_training)
        emb = out["embedded"]
        mask = out["token_mask"].float()
        mask[:, 0] = 0.0
        pooled = (emb * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1.0)
        pooled = F.normalize(pooled, dim=-1)
        # cosine matrix between sentence embeddings of class prompts
        return (pooled @ pooled.t()).detach()

    def confusion_pair_penalty(self, token_emb, positive_maps, pairs, margin=0.05):
        loss, n = token_emb.new_zeros(()), 0
        for a, b, target in pairs:
            if (a + 1) not in positive_maps or (b + 1) not in positive_maps:
                continue
            pa = token_emb[:, positive_maps[a + 1], :].mean(1).mean(0)
            pb = token_emb[:, positive_maps[b + 1], :].mean(1).mean(0)
            c = F.cosine_similarity(pa[None], pb[None])
            loss = loss + F.relu(c - (target - margin)).squeeze()
            n += 1
        return loss / max(n, 1)
