# Synthetic rewrite of the shape of TLAUTO/clip_text_span:class_similarity.py at 9c114d205ab9703bf9fc3373521803512019d333 (licence NOASSERTION); not the original text.
"""Score each CLIP attention head's text span against a bank of text descriptions."""
import argparse
import os

import numpy as np

from compute_same import similarity


def run(opts):
    domains = opts.domains.split(",")
    with open(os.path.join(opts.src, f"{opts.texts}_{opts.model}.npy"), "rb") as fh:
        text_bank = np.load(fh)
    out_path = os.path.join(opts.src, f"head_span_scores_{opts.model}.txt")
    first = 24 - opts.layers
    with open(out_path, "w") as log:
        for dom in domains:
            spans = np.load(os.path.join(opts.src, f"{dom}_span_{opts.layers}_{opts.model}.npy"))
            log.write(dom + "\n")
            for layer in range(first, 24):
                scores = []
                for head in range(spans.shape[1]):
                    s = similarity(spans[layer, head], text_bank, opts.per_head)
                    scores.append(s)
                    log.write(f"{s}\n")
                log.write(f"layer {layer} mean {np.mean(scores)}\n\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="ViT-H-14")
    ap.add_argument("--src", default="./output_dir")
    ap.add_argument("--texts", default="amazon")
    ap.add_argument("--domains", required=True)
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--per_head", type=int, default=31)
    run(ap.parse_args())
