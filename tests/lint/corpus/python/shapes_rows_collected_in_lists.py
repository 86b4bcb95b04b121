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


def rows_per_view(head, view_ids, n_views):
    # one inner list per view, filled with the head's rows of each relation's tokens
    per_view = [[] for _ in range(n_views)]
    for views in view_ids:
        for v, tok in enumerate(views):
            per_view[v].append(head.lm_head.weight[tok])
    return [torch.stack(rows) for rows in per_view]


def view_spread(head, view_ids, n_views):
    rows = rows_per_view(head, view_ids, n_views)
    return F.cosine_similarity(rows[0].unsqueeze(1), rows[0].unsqueeze(0), dim=-1)  # expect: COS101


def quiet_token_lists(tok, words, n_views):
    # lists of lists of token ids, not of rows
    per_view = [[] for _ in range(n_views)]
    for w in words:
        per_view[0].append(tok.encode(w)[0])
    return per_view
