# Synthetic rewrite of the shape of grandeelee/decipher-joint-lm:evaluate.py at 6e9e33b1790da56497a354141764ab122a3c8fbc (licence NOASSERTION); not the original text.
import re

import numpy as np
from transformers import AutoModelWithLMHead, BertLMHeadModel


def split_vocab(vocab_file):
    words = open(vocab_file).read().split()
    lang_a = [w for w in words if not w.startswith("::")]
    lang_b = [re.sub(r"::", "", w) for w in words if w.startswith("::")]
    keep, gold = [], []
    for w in lang_a:
        if w.startswith("##") or w not in lang_b:
            keep.append(False)
            continue
        keep.append(True)
        gold.append(lang_b.index(w))
    return lang_a, keep, gold


def cosine_dist(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a = a / np.linalg.norm(a, axis=-1, keepdims=True)
    b = b / np.linalg.norm(b, axis=-1, keepdims=True)
    return 1 - a @ b.T


def word_translation_p1(lm, n_first, keep, gold):
    table = lm.base_model.embeddings.word_embeddings.weight.data.cpu().numpy()
    first, second = table[:n_first], table[n_first:]
    dist = cosine_dist(first, second)
    best = np.argsort(dist, axis=1)[:, :1][keep]
    hits = (best == np.array(gold).reshape(-1, 1)).sum()
    return {"P@1": hits / dist.shape[0]}


def load(path, causal, cfg):
    cls = BertLMHeadModel if causal else AutoModelWithLMHead
    if causal:
        cfg.is_decoder = True
    return cls.from_pretrained(path, config=cfg).eval()


if __name__ == "__main__":
    import sys
    from transformers import AutoConfig

    cfg = AutoConfig.from_pretrained("configs/bert-tiny.json")
    lang_a, keep, gold = split_vocab("tokenizer/2000_2000/vocab.txt")
    lm = load(sys.argv[1], causal=False, cfg=cfg)
    print(word_translation_p1(lm, len(lang_a), keep, gold))
