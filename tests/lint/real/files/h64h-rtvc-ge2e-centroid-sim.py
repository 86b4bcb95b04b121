# Synthetic rewrite of the shape of CorentinJ/Real-Time-Voice-Cloning:encoder/model.py at 865eba8826bb6d76721a9d828a546724779c23ab (licence MIT); not the original text.
"""Generalised end-to-end (GE2E) speaker encoder: similarity of each utterance to every speaker centroid."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class VoiceEncoder(nn.Module):
    def __init__(self, n_mels=40, hidden=256, emb=256):
        super().__init__()
        self.rnn = nn.LSTM(n_mels, hidden, num_layers=3, batch_first=True)
        self.proj = nn.Linear(hidden, emb)
        # learnable affine map applied to the cosines before the softmax loss
        self.w = nn.Parameter(torch.tensor([10.0]))
        self.b = nn.Parameter(torch.tensor([-5.0]))

    def forward(self, mels):
        _, (h, _) = self.rnn(mels)
        e = F.relu(self.proj(h[-1]))
        return e / (e.norm(dim=1, keepdim=True) + 1e-5)

    def utterance_vs_centroids(self, e):
        """e: (n_spk, n_utt, d) unit-length embeddings -> (n_spk, n_utt, n_spk) scaled cosines."""
        n_spk, n_utt, _ = e.shape
        # centroid of each speaker using all of its utterances
        c_all = e.mean(dim=1, keepdim=True)
        c_all = c_all / (c_all.norm(dim=2, keepdim=True) + 1e-5)
        # leave-one-out centroid for the utterance's own speaker
        c_loo = (e.sum(dim=1, keepdim=True) - e) / (n_utt - 1)
        c_loo = c_loo / (c_loo.norm(dim=2, keepdim=True) + 1e-5)

        sim = torch.empty(n_spk, n_utt, n_spk, device=e.device)
        for k in range(n_spk):
            others = [j for j in range(n_spk) if j != k]
            # dot products of unit vectors are cosines
            sim[others, :, k] = (e[others] * c_all[k]).sum(dim=2)
            sim[k, :, k] = (e[k] * c_loo[k]).sum(dim=1)
        return sim * self.w + self.b

    def ge2e_loss(self, e):
        n_spk, n_utt, _ = e.shape
        logits = self.utterance_vs_centroids(e).reshape(n_spk * n_utt, n_spk)
        target = torch.arange(n_spk, device=e.device).repeat_interleave(n_utt)
        return F.cross_entropy(logits, target)
