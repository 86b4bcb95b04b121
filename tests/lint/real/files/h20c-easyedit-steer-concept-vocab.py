# Synthetic rewrite of the shape of zjunlp/EasyEdit:steer/trainer/BaseModelTrainer.py at 14cea8245f06715684592ab55184939b99d70784 (licence MIT); not the original text.
"""Shared base for steering-vector trainers: persistence and a vocabulary read-out of a concept direction."""
import einops
import torch


class SteerTrainerBase:
    def build(self, **cfg):
        raise NotImplementedError

    def restore(self, folder, name, **cfg):
        w = torch.load(f"{folder}/{name}_weight.pt", map_location="cpu")
        b = torch.load(f"{folder}/{name}_bias.pt", map_location="cpu")
        cfg["low_rank_dimension"] = w.shape[0]
        self.build(**cfg)
        self.ax.proj.weight.data = w.to(self.device)
        self.ax.proj.bias.data = b.to(self.device)

    def concept_tokens(self, concept_id, k=10):
        """Tokens most promoted / demoted when the concept direction is read through the output head."""
        if concept_id is None:
            return [None], [None]
        W_U = self.model.lm_head.weight.T  # [d_model, d_vocab]
        gain = self.model.model.norm.weight + 1.0  # Gemma-style RMSNorm scale
        W_U = W_U * gain[:, None]
        W_U = W_U - einops.reduce(W_U, "d_model d_vocab -> 1 d_vocab", "mean")
        vocab_logits = self.ax.proj.weight.data[concept_id] @ W_U
        up_v, up_i = vocab_logits.topk(k)
        dn_v, dn_i = vocab_logits.topk(k, largest=False)
        up = list(zip(self.tokenizer.batch_decode(up_i.unsqueeze(-1)), up_v.tolist()))
        down = list(zip(self.tokenizer.batch_decode(dn_i.unsqueeze(-1)), dn_v.tolist()))
        return [up], [down]
