# Synthetic rewrite of the shape of 2001-SamLiu/Adversarial-Examples-in-Chinese:BertAttack.py at 3edcac2f69898215283d106c33b097746832f201 (licence NOASSERTION); not the original text.
"""BERT-Attack style substitution for Chinese titles: MLM proposals vetted by two cosine filters."""
import numpy as np


def load_pair_cosines(vec_path, cos_path):
    word2row, row2word = {}, {}
    with open(vec_path, encoding="utf-8") as fh:
        for line in fh:
            w = line.split()[0]
            if w not in word2row:
                row2word[len(word2row)] = w
                word2row[w] = len(word2row)
    # precomputed cosine matrix over counter-fitted word vectors
    return np.load(cos_path), word2row, row2word


def pick_substitute(words, pos, proposals, target, pair_cos, word2row, sent_encoder, orig_vec,
                    skip_words, min_word_cos=0.4, min_sent_cos=0.7):
    for cand in proposals:
        if cand == target or cand.startswith("##") or cand in skip_words:
            continue
        if cand in word2row and target in word2row:
            if pair_cos[word2row[cand]][word2row[target]] < min_word_cos:
                continue
        trial = list(words)
        trial[pos] = cand
        trial_vec = sent_encoder("".join(trial))
        # sentence-encoder agreement with the original text
        if float(np.inner(orig_vec, trial_vec)) < min_sent_cos:
            continue
        return cand
    return None
