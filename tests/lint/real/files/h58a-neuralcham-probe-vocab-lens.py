# Synthetic rewrite of the shape of hekatonsure/neuralcham:visuals/probe_vocab_lens.py at aab13a247d37c22bf30e149cb89d418ef27d9054 (licence NOASSERTION); not the original text.
"""Read a trained concept probe through the vocabulary.

Push the probe's weight vector through the output head and list the tokens it
pushes up and down. Semantic tokens at the top mean the probe tracks the concept;
template junk means it latched onto the trigger format.
"""
import argparse
import json
from pathlib import Path

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def probe_vector(probe):
    if hasattr(probe, "linear"):
        return probe.linear.weight.reshape(-1)
    if hasattr(probe, "head_weights"):
        return probe.head_weights.sum(0)
    return None


@torch.no_grad()
def token_readout(direction, readout, tokenizer, k=15):
    scores = readout @ direction.to(readout.device, readout.dtype)  # one score per vocab item
    up_v, up_i = scores.topk(k)
    down_v, down_i = (-scores).topk(k)
    name = tokenizer.convert_ids_to_tokens
    return ([(name(int(i)), float(v)) for v, i in zip(up_v, up_i)],
            [(name(int(i)), -float(v)) for v, i in zip(down_v, down_i)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--probes", type=Path, default=Path("checkpoints/probes"))
    ap.add_argument("--model", default="google/gemma-2-9b-it")
    ap.add_argument("--out", type=Path, default=Path("outputs/vocab_readout.json"))
    args = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(args.model)
    lm = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.float16, device_map="auto")
    readout = lm.lm_head.weight

    probes = torch.load(args.probes / "probes.pt")
    report = {}
    for concept, items in probes.items():
        report[concept] = []
        for probe in items:
            vec = probe_vector(probe)
            if vec is None:
                continue
            up, down = token_readout(vec, readout, tok)
            report[concept].append({"up": up, "down": down})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
