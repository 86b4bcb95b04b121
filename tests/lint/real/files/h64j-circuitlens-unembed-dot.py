# Synthetic rewrite of the shape of charlieoneill11/transcoder-sae-circuits:src/circuit_lens.py at 38081eff00e5236686e6a1e86a6532438cb82faf (licence MIT); not the original text.
"""Circuit lens: which active dictionary components push the residual stream
toward one particular next token?"""
from typing import Union

import einops


class TokenLens:
    def __init__(self, model, decomposer):
        self.model = model
        self.decomposer = decomposer        # splits a residual vector into components
        self.n_tokens = decomposer.n_tokens

    def _pos(self, i: int) -> int:
        return i + self.n_tokens if i < 0 else i

    @staticmethod
    def share_of_total(scores):
        # rescale so the scores sum to one (no centring, no vector norms)
        return scores / scores.sum()

    def unembed_lens(self, token: Union[int, str], pos: int, top_k: int = 10):
        if isinstance(token, str):
            token = self.model.to_tokens(token, prepend_bos=False)[0]
        pos = self._pos(pos)
        comps = self.decomposer.active_components(pos)   # .vectors: [n_comp, d_model]

        # raw inner product of every component with the token's unembedding column
        scores = einops.einsum(comps.vectors, self.model.W_U[:, token],
                               "comp d_model, d_model -> comp")
        scores = self.share_of_total(scores)

        order = scores.argsort(descending=True)[:top_k]
        label = self.model.tokenizer.decode([int(token)])
        return [(comps.labels[i], float(scores[i])) for i in order], f"unembed lens for {label!r}"
