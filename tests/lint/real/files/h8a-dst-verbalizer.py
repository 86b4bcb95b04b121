# cosaudit corpus, synthetic file: same shape as XianliangXia/VerbalizerConstrucionByDynamicSearchTree/DST.py at 2da92dfad9fad92cd252cc193ff84b8169e97924 (licence NOASSERTION); new code, no text copied.
"""Grow a prompt verbalizer: expand each label word into a small tree of related vocabulary words."""
import nltk
import torch
from transformers import RobertaForMaskedLM, RobertaTokenizer

device = "cuda" if torch.cuda.is_available() else "cpu"
KEEP_DIMS = [5, 61, 90, 117, 166, 203, 288, 301, 342, 356, 399, 402, 450, 488, 530, 561,
             577, 620, 666, 671, 688, 702, 741, 770, 798, 830, 861, 905, 947, 955]


def load_mlm(name="roberta-large"):
    mlm = RobertaForMaskedLM.from_pretrained(name).eval()
    return mlm, RobertaTokenizer.from_pretrained(name)


def cos(a, b):
    return torch.inner(a, b) / (a.norm() * b.norm())


def word_vec(table, tok, word):
    return table(torch.tensor(tok.convert_tokens_to_ids(word)).to(device))


def expand_by_threshold(label, tok, table, threshold=0.42):
    words, sims = [label], []
    root = word_vec(table, tok, label)
    for w, idx in tok.get_vocab().items():
        if len(w) >= 2 and w.isalpha() and w not in words:
            s = cos(root, table(torch.tensor(idx).to(device))).item()
            sims.append(s)
            if s >= threshold:
                words.append(w)
    return words, sims


def expand_tree(label, tok, table, k=3, depth=3):
    levels = {1: [[label]]}
    tag = nltk.pos_tag([label])[0][1]
    have = [label]
    for d in range(1, depth):
        next_level = []
        for parent in sum(levels[d], []):
            p = word_vec(table, tok, parent)[KEEP_DIMS]
            scores = {}
            for w, idx in tok.get_vocab().items():
                if len(w) >= 3 and w[0].islower() and w not in have and nltk.pos_tag([w])[0][1] == tag:
                    q = table(torch.tensor(idx).to(device))[KEEP_DIMS]
                    scores[w] = cos(p, q).item()
            best = torch.topk(torch.tensor(list(scores.values())), k).indices
            kids = [list(scores)[i] for i in best]
            have += kids
            next_level.append(kids)
        levels[d + 1] = next_level
    return sum(sum(levels.values(), []), [])


def class_score(word_ids, mask_probs):
    return sum(mask_probs[i] for i in word_ids)


if __name__ == "__main__":
    mlm, tok = load_mlm()
    mlm.to(device)
    table = mlm.get_input_embeddings()
    for seed in ["science", "sports"]:
        print(seed, expand_tree(seed, tok, table))
