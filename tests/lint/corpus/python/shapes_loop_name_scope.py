"""A loop variable is the loop's own value: a test `if "lm_head" in name:` on the variable of a
`named_parameters()` loop in one function says nothing about a same-named variable of another loop
(`directions[name] for name in names`). Concept directions built as means of differences of head
rows are identifiable (a shared translation cancels): their cosines are quiet. The head's own rows,
picked by a loop over head names, are not.

Shapes seen in public concept-direction code (mean differences of unembedding rows); written for
cosaudit's tests.
"""
import torch


def unembedding(model):
    for name, param in model.named_parameters():
        if "lm_head" in name or "embed_out" in name:
            W_U = param.detach().float()
    return W_U


def concept_direction(pairs, W_U):
    diffs = torch.stack([W_U[target] - W_U[base] for target, base in pairs])
    mean_diff = diffs.mean(dim=0)
    return mean_diff / mean_diff.norm(), diffs


def direction_cosines(directions, names):
    stacked = torch.stack([directions[name] for name in names])
    norms = stacked.norm(dim=1, keepdim=True)
    return (stacked @ stacked.T) / (norms @ norms.T)


def run(model, categories):
    W_U = unembedding(model)
    directions = {}
    for name, pairs in categories.items():
        directions[name], _ = concept_direction(pairs, W_U)
    return direction_cosines(directions, sorted(directions))


def head_row_cosines(model, ids):
    for name, param in model.named_parameters():
        if name == "lm_head.weight":
            rows = param[ids]
    unit = rows / rows.norm(dim=1, keepdim=True)
    return unit @ unit.T  # expect: COS101
