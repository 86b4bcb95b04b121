# Synthetic rewrite of the shape of MonsoonNLP/WEAT-ES:student_materials/weatTest.py at 192579d0ef725a60454477ccdb315a9c7296986a (licence GPL-3.0-or-later); not the original text.
import numpy as np
from transformers import AutoTokenizer, BertModel


def cosine_similarity(a, len_a, b, len_b):
    return np.dot(a, b) / (len_a * len_b)


def mean_similarity(vec, vec_len, group, group_lens):
    return np.average([cosine_similarity(vec, vec_len, group[k], group_lens[k]) for k in range(group.shape[0])])


def table_vectors(word_pairs, tok, encoder):
    rows, norms = [[], []], [[], []]
    for masc, fem in zip(*word_pairs):
        first = encoder.embeddings.word_embeddings.weight[tok.encode(masc)[1]].detach().numpy()
        second = first if masc == fem else encoder.embeddings.word_embeddings.weight[tok.encode(fem)[1]].detach().numpy()
        for slot, v in enumerate((first, second)):
            rows[slot].append(v)
            norms[slot].append(np.linalg.norm(v))
    return [np.array(r) for r in rows], [np.array(n) for n in norms]


def effect_size(model_name, targets_a, targets_b, attrs_x, attrs_y):
    tok = AutoTokenizer.from_pretrained(model_name)
    encoder = BertModel.from_pretrained(model_name)
    (ta, _), (ta_len, _) = table_vectors(targets_a, tok, encoder)
    (_, tb), (_, tb_len) = table_vectors(targets_b, tok, encoder)
    (xa, xb), (xa_len, xb_len) = table_vectors(attrs_x, tok, encoder)
    (ya, yb), (ya_len, yb_len) = table_vectors(attrs_y, tok, encoder)
    diff_a = [mean_similarity(ta[i], ta_len[i], xa, xa_len) - mean_similarity(ta[i], ta_len[i], ya, ya_len) for i in range(len(ta))]
    diff_b = [mean_similarity(tb[i], tb_len[i], xb, xb_len) - mean_similarity(tb[i], tb_len[i], yb, yb_len) for i in range(len(tb))]
    return (np.mean(diff_a) - np.mean(diff_b)) / np.std(np.concatenate([diff_a, diff_b]))


if __name__ == "__main__":
    print(effect_size("dccuchile/bert-base-spanish-wwm-cased", *[[["el"], ["el"]]] * 4))
