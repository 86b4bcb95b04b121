"""Written for cosaudit's tests: label rows gathered one by one into a list (`embs.append(W[t])` in
a loop over ids), then compared by picking items of the list."""
import torch
import torch.nn.functional as F


def label_word_agreement(model, word_ids, n):
    # every item of the list is a row of the MLM head: items against items compare labels
    total = 0.0
    for ids in word_ids:
        picked = []
        for j in range(n):
            picked.append(model.get_output_embeddings().weight[ids[j]])
        for j in range(n):
            for k in range(j + 1, n):
                total += 1 - F.cosine_similarity(picked[j].reshape(1, -1), picked[k].reshape(1, -1))  # expect: COS101
    return total


def nearest_pair(head, ids):
    rows = []
    for t in ids:
        rows.append(head.lm_head.weight[t])
    return torch.nn.functional.cosine_similarity(rows[0], rows[1], dim=0)  # expect: COS101


def quiet_differences(head, pairs, h):
    # differences of two rows are identifiable directions; their products with a state are logit gaps
    dirs = []
    for a, b in pairs:
        dirs.append(head.lm_head.weight[a] - head.lm_head.weight[b])
    return [d @ h for d in dirs]
