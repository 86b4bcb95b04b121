# Synthetic rewrite of the shape of lijuliana/Natural-Ungrokking:scripts/mech_gender_scalar.py at 15cfd168ecdad0c069696a5bed80495940472601 (licence MIT); not the original text.
"""Per-checkpoint coupling score between a cue contrast and a pronoun contrast.

score(step) = cos( mean(tok_emb[cues_a]) - mean(tok_emb[cues_b]),
                   head[" her"] - head[" him"] )
Also logs the norm ratio of the two head rows as a control.
"""
import json
import sys
from pathlib import Path

import torch
from safetensors.torch import load_file

CUES_A = ["aunt", "niece", "bride"]
CUES_B = ["uncle", "nephew", "groom"]


def single_ids(tokenizer, words):
    found = []
    for w in words:
        for variant in (w, " " + w):
            ids = tokenizer.encode(variant).ids
            if len(ids) == 1:
                found.append(ids[0])
    return found


def score_run(run_dir, tokenizer):
    run_dir = Path(run_dir)
    a_ids, b_ids = single_ids(tokenizer, CUES_A), single_ids(tokenizer, CUES_B)
    her, him = tokenizer.encode(" her").ids[0], tokenizer.encode(" him").ids[0]
    records = []
    for ckpt in sorted(run_dir.glob("checkpoints/*.safetensors")):
        weights = load_file(str(ckpt))
        tok_emb = weights["tok_emb.weight"].float()
        head = weights["head.weight"].float()
        pron_dir = head[her] - head[him]
        cue_dir = tok_emb[a_ids].mean(0) - tok_emb[b_ids].mean(0)
        coupling = torch.nn.functional.cosine_similarity(cue_dir, pron_dir, dim=0).item()
        ratio = (head[her].norm() / (head[him].norm() + 1e-8)).item()
        records.append({"ckpt": ckpt.stem, "coupling": coupling, "norm_ratio": ratio})
    out = run_dir / "coupling.jsonl"
    out.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return records


if __name__ == "__main__":
    from tokenizers import Tokenizer
    print(score_run(sys.argv[1], Tokenizer.from_file(sys.argv[2])))
