# Synthetic rewrite of the shape of mshahbazi72/cGANTransfer:layers.py at 5a9176ce87e8facefca05c17d161404136cdb4af (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import spectral_norm


class TransferConditionalBN(nn.Module):
    """Class-conditional batch norm for a GAN adapted to new classes: each new class
    borrows the BN gain/bias of the pretrained classes through learned similarity scores."""

    def __init__(self, channels, n_new, n_old, z_chunk, make_linear, eps=1e-5, momentum=0.1):
        super().__init__()
        self.n_new = n_new
        # similarity of every new class to every pretrained class (learned, one layer each)
        self.sim_gain = spectral_norm(nn.Linear(n_new, n_old))
        self.sim_bias = spectral_norm(nn.Linear(n_new, n_old))
        # pretrained per-class BN parameters, filled in from the source generator
        with torch.no_grad():
            self.old_gain = make_linear(n_old, channels)
            self.old_bias = make_linear(n_old, channels)
        self.noise_gain = spectral_norm(nn.Linear(z_chunk, channels))
        self.noise_bias = spectral_norm(nn.Linear(z_chunk, channels))
        self.extra_gain = nn.Linear(n_new, channels, bias=False)
        self.extra_bias = nn.Linear(n_new, channels, bias=False)
        self.eps, self.momentum = eps, momentum
        self.register_buffer("running_mean", torch.zeros(channels))
        self.register_buffer("running_var", torch.ones(channels))

    def forward(self, x, cond):
        onehot, z = cond[:, : self.n_new], cond[:, self.n_new:]
        # Obtain the similarity scores of the classes, then mix the old BN parameters with them
        s_g = self.sim_gain(onehot)
        s_b = self.sim_bias(onehot)
        gain = 1 + self.old_gain(s_g) + self.noise_gain(z) + self.extra_gain(onehot)
        bias = self.old_bias(s_b) + self.noise_bias(z) + self.extra_bias(onehot)
        out = F.batch_norm(x, self.running_mean, self.running_var, None, None,
                           self.training, self.momentum, self.eps)
        return out * gain[:, :, None, None] + bias[:, :, None, None]
