# cosaudit corpus, synthetic file: same shape as fangyuan-ksgk/dehedge-llm/analysis/last_layer_laziness.py at 465b2eae39ac3d3b73f323ef9f8d62064fdf0370 (licence NOASSERTION); new code, no text copied.
"""Which singular directions of the readout matter for common vs rare tokens?

Decompose the output matrix R = P diag(s) Q^T, remove chosen right-singular directions
from the last hidden state, rebuild the logits and compare the loss on frequent and
infrequent next tokens.
"""
import argparse

import numpy as np
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

import corpus_stats  # local helper: token counts and tokenised documents


@torch.no_grad()
def run():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="Qwen/Qwen3-0.6B")
    p.add_argument("--n_common", type=int, default=100)
    p.add_argument("--docs", type=int, default=16)
    args = p.parse_args()

    tok = AutoTokenizer.from_pretrained(args.model)
    lm = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.float32).cuda().eval()
    readout = lm.get_output_embeddings().weight.detach().float()        # (vocab, d)
    n_vocab, d = readout.shape

    counts, docs = corpus_stats.load(tok, n_vocab, n_docs=args.docs)
    common = torch.tensor(np.argsort(-counts)[: args.n_common].copy()).cuda()
    ids = torch.stack(docs).cuda()

    P, s, Qt = torch.linalg.svd(readout, full_matrices=False)           # Qt rows: right-singular directions
    hidden = lm(ids, output_hidden_states=True).hidden_states[-1].float()[:, :-1]
    target = ids[:, 1:]
    is_common = torch.zeros(n_vocab, dtype=torch.bool, device="cuda")
    is_common[common] = True

    def losses(h):
        logp = F.log_softmax(h @ readout.T, -1)
        nll = -logp.gather(-1, target.unsqueeze(-1)).squeeze(-1).flatten()
        mask = is_common[target.flatten()]
        return nll[mask].mean().item(), nll[~mask].mean().item()

    def drop(h, rows):
        basis = Qt[rows]                                                # (k, d)
        return h - (h @ basis.T) @ basis

    base_common, base_rare = losses(hidden)
    report = {"base": (base_common, base_rare), "top": {}, "bottom": {}}
    for k in (1, 4, 16, 64, 256):
        report["top"][k] = losses(drop(hidden, torch.arange(k)))
        report["bottom"][k] = losses(drop(hidden, torch.arange(d - k, d)))
    for name, rows in report.items():
        print(name, rows)


if __name__ == "__main__":
    run()
