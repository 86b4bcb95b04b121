# Synthetic rewrite of the shape of SapienzaNLP/sava:adaptation/core/clp_init.py at f4049c67f24017df2341bee6bec31a2cb5d3f3a8 (licence NOASSERTION); not the original text.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class HelperGuidedInit:
    """CLP-style transfer: a small helper LM that already speaks the target
    vocabulary decides how to mix the big source model's rows."""

    def __init__(self, source, helper, src_ids, tgt_ids, tie=False):
        self.source, self.helper = source, helper
        self.src_ids, self.tgt_ids = src_ids, tgt_ids
        self.tie = tie

    def _fill_new(self, helper_rows, out_rows, source_rows, new_toks, shared_toks):
        h_new = helper_rows[[self.tgt_ids[t] for t in new_toks]]
        h_shared = helper_rows[[self.tgt_ids[t] for t in shared_toks]]
        s_shared = source_rows[[self.src_ids[t] for t in shared_toks]]
        cos_sims = cosine_similarity(
            h_new,
            h_shared,
        )  # new x shared, measured in the helper's table
        for k, tok in enumerate(new_toks):
            w = cos_sims[k] / cos_sims[k].sum()
            out_rows[self.tgt_ids[tok]] = np.average(s_shared, axis=0, weights=w)

    def run(self, new_toks, shared_toks, out_in, out_head):
        src_in = self.source.get_input_embeddings().weight.detach().numpy()
        hlp_in = self.helper.get_input_embeddings().weight.detach().numpy()
        self._fill_new(hlp_in, out_in, src_in, new_toks, shared_toks)
        if not self.tie:
            src_head = self.source.get_output_embeddings().weight.detach().numpy()
            hlp_head = self.helper.get_output_embeddings().weight.detach().numpy()
            # the same recipe applied to the two models' output heads
            self._fill_new(hlp_head, out_head, src_head, new_toks, shared_toks)
        return out_in, out_head
