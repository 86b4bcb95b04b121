# Synthetic rewrite of the shape of EleutherAI/delphi:delphi/latents/neighbours.py at 3c2e139378b56ca02a632697b541a11aebf03855 (licence Apache-2.0); not the original text.
"""Nearest latents of a sparse autoencoder, by the angle between their weight vectors."""
from typing import Literal

import torch
from tqdm import tqdm


class LatentNeighbours:
    def __init__(self, sae, k: int = 50):
        self.sae = sae
        self.k = k

    def by_weights(self, which: Literal["encoder", "decoder"]) -> dict[int, list[tuple[int, float]]]:
        if which == "encoder":
            mat = self.sae.encoder.weight.data.cuda()
        elif which == "decoder":
            mat = self.sae.W_dec.data.cuda()
        else:
            raise ValueError(which)
        weight_matrix_normalized = mat / mat.norm(dim=1, keepdim=True)
        n = weight_matrix_normalized.shape[0]
        chunk = n
        result: dict[int, list[tuple[int, float]]] = {}
        while True:
            try:
                for lo in tqdm(range(0, n, chunk)):
                    block = weight_matrix_normalized[lo : lo + chunk]
                    similarity_matrix = torch.nan_to_num(block @ weight_matrix_normalized.T, 0.0)
                    vals, idx = similarity_matrix.topk(self.k + 1, dim=1)
                    for r in range(block.shape[0]):
                        result[lo + r] = list(zip(idx[r, 1:].tolist(), vals[r, 1:].tolist()))
                    del similarity_matrix
                    torch.cuda.empty_cache()
                return result
            except RuntimeError:
                chunk //= 2
                if chunk < 2:
                    raise ValueError("not enough memory for the similarity blocks")
