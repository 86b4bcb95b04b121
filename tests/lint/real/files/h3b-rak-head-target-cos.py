# cosaudit corpus, synthetic file: same shape as rakaar/april-2026-max-of-list-mech-interp/scripts/analysis/model1_head_output_target_unembed_cosine.py at a535ed7c867589ebd4cde927682ea514cc08aa51 (licence NOASSERTION); new code, no text copied.
"""Cosine between each layer-0 head's output at [ANS] and the unembedding row of the true maximum."""
import json
import torch
import torch.nn.functional as F

from common import load_model1, all_inputs

BATCH = 4096


def main():
    model = load_model1()
    tokens, labels = all_inputs()                 # every five-digit input, label = its maximum
    layer = model.layers[0]
    w_o = layer.W_O.weight.detach()
    seq_len = tokens.shape[1]
    mask = torch.tril(torch.ones(seq_len, seq_len)).unsqueeze(0)
    sums = torch.zeros(10, len(layer.heads), dtype=torch.float64)
    counts = torch.bincount(labels, minlength=10).to(torch.float64)
    with torch.no_grad():
        for start in range(0, tokens.shape[0], BATCH):
            tok, lab = tokens[start:start + BATCH], labels[start:start + BATCH]
            resid = model.tok_embed(tok) + model.pos_embed(torch.arange(seq_len)[None])
            target_rows = model.unembed.weight.detach()[lab]
            for h, head in enumerate(layer.heads):
                values, _ = head(resid, mask)
                out = values[:, 10, :] @ w_o[:, h * head.d_head:(h + 1) * head.d_head].T
                cos = F.cosine_similarity(out, target_rows, dim=-1).double()
                sums[:, h] += torch.zeros(10, dtype=torch.float64).index_add_(0, lab, cos)
    mean = (sums / counts[:, None]).tolist()
    json.dump({"metric": "cos(head output, W_U[true max])", "mean_by_max": mean}, open("head_target_cos.json", "w"))


if __name__ == "__main__":
    main()
