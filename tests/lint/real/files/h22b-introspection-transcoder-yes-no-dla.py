# Synthetic rewrite of the shape of safety-research/introspection-mechanisms:experiments/07_transcoder_feature_analysis.py at 5d5d9b485e293dc766c3a056cfe50283a7e435b6 (licence NOASSERTION); not the original text.
"""Rank transcoder features by how hard they push the answer toward 'No' at the detector layer."""
from typing import Iterable

import torch
from huggingface_hub import hf_hub_download
from safetensors import safe_open
from transformers import AutoTokenizer


def yes_no_attribution(features, decoder_rows, model_name="google/gemma-3-27b-it",
                       yes: Iterable[str] = ("yes", "Yes"), no: Iterable[str] = ("no", "No")):
    """attribution(f) = (unit decoder row of f . (mean u_yes - mean u_no)) * mean |activation of f|"""
    dec = decoder_rows.float()
    dec_unit = dec / (dec.norm(dim=-1, keepdim=True) + 1e-10)

    tok = AutoTokenizer.from_pretrained(model_name)
    shard = hf_hub_download(model_name, "model-00001-of-00012.safetensors")
    with safe_open(shard, framework="pt") as f:
        key = next(k for k in f.keys() if "embed_tokens.weight" in k)
        out_rows = f.get_tensor(key).float()          # tied: also the unembedding

    def mean_row(words):
        ids = [tok.encode(w, add_special_tokens=False) for w in words]
        return torch.stack([out_rows[i[0]] for i in ids if len(i) == 1]).mean(0)

    delta_u = mean_row(yes) - mean_row(no)
    feature_unembed_scores = dec_unit @ delta_u

    for feat in features:
        acts = [abs(v) for v in feat.concept_correlations.values()]
        strength = sum(acts) / max(len(acts), 1)
        feat.logit_attribution = float(feature_unembed_scores[feat.feature_id]) * strength
    return sorted(features, key=lambda f: f.logit_attribution)[:200]
