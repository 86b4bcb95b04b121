# Synthetic rewrite of the shape of john-hewitt/backpacks-flash-attn:training/src/run_simlex.py at d60371d8473b850a308dc091ce5db013ab32efe5 (licence BSD-3-Clause); not the original text.
import torch
import transformers
from scipy.stats import spearmanr


def softmax_rows_for(words, tok, lm, device, first_piece=False):
    """Row of the output (softmax) matrix for each word; GPT-2 ties it to the input table."""
    lm_head = getattr(lm, "lm_head", None) or getattr(lm, "lm_loss", None)
    table = {}
    for w in words:
        ids = tok(" " + w)["input_ids"]
        idx = ids[0] if first_piece else ids
        row = lm_head.weight[idx,:]
        table[w] = (row if first_piece else row.mean(dim=0)).detach().to(device)
    return table


def cos(a, b):
    a, b = a.reshape(-1), b.reshape(-1)
    return a.dot(b) / (a.norm(p=2) * b.norm(p=2))


def score_pairs(pairs, table):
    return [cos(table[p.w1], table[p.w2]).item() for p in pairs]


def run(checkpoint, benchmarks):
    lm = transformers.AutoModelForCausalLM.from_pretrained(checkpoint).eval()
    tok = transformers.AutoTokenizer.from_pretrained(checkpoint)
    vocab = {p.w1 for pairs in benchmarks.values() for p in pairs} | \
            {p.w2 for pairs in benchmarks.values() for p in pairs}
    table = softmax_rows_for(vocab, tok, lm, "cpu")
    for name, pairs in benchmarks.items():
        predicted = score_pairs(pairs, table)
        gold = [p.gold for p in pairs]
        # human word-similarity judgements vs cosine of output-embedding rows
        print(name, spearmanr(gold, predicted))
