# Synthetic rewrite of the shape of Korean3247/Mechanistic-Analysis:scripts/visualize_sae_decomposition.py at 24693f3690005c434e70114917139dbf8811d612 (licence NOASSERTION); not the original text.
# Idea kept: load an SAE checkpoint, take its decoder feature directions, and
# rank features by cosine with a residual-stream "authority" direction.
import argparse
import json
import torch


def decoder_features(blob, d_model):
    if isinstance(blob, dict):
        w = blob.get("decoder.weight")
        if w is None:
            w = next((v for k, v in blob.items() if "dec" in k.lower() and "weight" in k.lower()), None)
    else:
        w = blob.decoder.weight.data
    w = w.float()
    return w.T if w.shape[0] == d_model else w        # -> n_features x d_model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sae", required=True)
    ap.add_argument("--direction", required=True)
    ap.add_argument("--top-k", type=int, default=20)
    a = ap.parse_args()
    vec = torch.load(a.direction, map_location="cpu")["direction"].float()
    feats = decoder_features(torch.load(a.sae, map_location="cpu"), vec.shape[0])
    lengths = feats.norm(dim=1, keepdim=True).clamp_min(1e-8)
    unit_feats = feats / lengths
    cos = unit_feats @ (vec / vec.norm().clamp_min(1e-8))    # SAE feature vs probe direction
    proj = feats @ vec
    top = cos.abs().topk(min(a.top_k, cos.numel())).indices
    table = [{"feature": int(i), "cos": float(cos[i]), "proj": float(proj[i]),
              "norm": float(lengths[i])} for i in top]
    print(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
