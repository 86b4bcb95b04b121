# Synthetic rewrite of the shape of safety-research/introspection-mechanisms:experiments/04i_alternative_geometric_tests.py at 5d5d9b485e293dc766c3a056cfe50283a7e435b6 (licence NOASSERTION); not the original text.
"""Does nudging a concept vector toward a vocabulary direction make injected thoughts easier to notice?

Poorly-detected concept vectors are turned toward their best-matching output-token direction;
well-detected ones are turned away. The component along the shared mean-difference direction
is kept fixed, so only the 'readability' part changes."""
import torch
from huggingface_hub import hf_hub_download
from safetensors.torch import load_file


def turn_toward(vec, target, keep_hat, alpha=0.5):
    """Rotate vec toward target inside the space orthogonal to keep_hat."""
    along = (vec @ keep_hat) * keep_hat
    rest = vec - along
    rest_len = rest.norm()
    tgt_rest = target - (target @ keep_hat) * keep_hat
    if rest_len < 1e-8 or tgt_rest.norm() < 1e-8:
        return vec
    mixed = (1 - alpha) * rest / rest_len + alpha * tgt_rest / tgt_rest.norm()
    return along + rest_len * mixed / mixed.norm()


def main(concepts, vectors, failures, keep_dir, alpha=0.5):
    shard = hf_hub_download("google/gemma-3-27b-it", "model-00001-of-00012.safetensors")
    # the head is tied to the token table in this family
    lm_head = load_file(shard)["language_model.model.embed_tokens.weight"].float()
    keep_hat = keep_dir / keep_dir.norm()

    out, log = {}, []
    for c in concepts:
        vec = vectors[c]
        vec_hat = vec / vec.norm()
        similarities = lm_head @ vec_hat          # unit vector against raw head rows
        best = int(similarities.argmax())
        sign = alpha if c in failures else -alpha
        new = turn_toward(vec, lm_head[best], keep_hat, sign)
        out[c] = new
        log.append({
            "concept": c,
            "kept_before": float(vec @ keep_hat),
            "kept_after": float(new @ keep_hat),
            "best_before": float(similarities.max()),
            "best_after": float((lm_head @ (new / new.norm())).max()),
        })
    return out, log
