"""Options of a softmax probe, and rows kept in a dict then iterated. An OthelloGPT board probe is one
tensor [modes, d_model, rows, cols, options] trained with a softmax over its options (empty / mine /
theirs): the options of one probe are the rows of that probe's head, so their cosines move with a
translation of the options like any head's. Rows stored one by one in a dict and compared over
`.items()` are still rows, and a helper given a probe compares its options as the caller would. The
look-alikes stay quiet: differences of options (black − white, identifiable), a helper given
activations, one comparing a probe's modes, probes of different layers, a projection of the residual
on one option, and a steering along it.

Shapes seen in public OthelloGPT probe notebooks; written for cosaudit's tests.
"""
import torch
from torch import nn

probe = torch.load("probes/linear/resid_5_linear.pth")[0]
cos = nn.CosineSimilarity(dim=1)


def option_similarities(linear_probe):
    return {
        "empty_mine": cos(linear_probe[..., 0], linear_probe[..., 1]),  # expect: COS101
        "mine_theirs": cos(linear_probe[..., 1], linear_probe[..., 2]),  # expect: COS101
    }


sims = option_similarities(probe)


def stack_probes(folder):
    return torch.stack([torch.load(p)[0] for p in sorted(folder)])


def pair_cosines(p, pairs):
    return {k: cos(p[..., i], p[..., j]) for k, (i, j) in pairs.items()}


board_probes = stack_probes(["probes/linear/resid_5_linear.pth"])  # (layer, d_model, row, col, option)
by_pair = pair_cosines(board_probes, {"empty/mine": (0, 1)})  # expect: COS101
by_pair_acts = pair_cosines(torch.load("acts.pt"), {"early/late": (0, 1)})


def option_contrast(p):
    return cos(p[..., 1] - p[..., 2], p[..., 0])


def mode_cosine(p):
    return cos(p[0], p[1])


contrasted = option_contrast(board_probes)
modes = mode_cosine(board_probes)
# the same helper given a [V, d] head: its `p[..., i]` is hidden dimension i, not a label's row
head_dims = pair_cosines(model.fc.weight, {"d0/d1": (0, 1)})

features = {}
for name, option in {"empty": 0, "mine": 1, "theirs": 2}.items():
    for cell in range(64):
        feature = get_probe(5, "linear", "mid")[0, :, cell // 8, cell % 8, option]
        features[(name, cell)] = feature / feature.norm()


def feature_graph(feats, threshold=0.2):
    edges = []
    for a, fa in feats.items():
        for b, fb in feats.items():
            if a != b and (fa @ fb).item() > threshold:
                edges.append((a, b))
    return edges


graph = feature_graph(features)  # expect: COS101

W = model.lm_head.weight
rows = {}
for word in [" dog", " cat", " car"]:
    rows[word] = W[tok.encode(word)[0]]
for a, ra in rows.items():
    for b, rb in rows.items():
        print(a, b, torch.cosine_similarity(ra, rb, dim=0).item())  # expect: COS101

# look-alikes
black_white = probe[..., 2] - probe[..., 1]
blank_other = probe[..., 0] - (probe[..., 1] + probe[..., 2]) / 2
contrast = cos(black_white, blank_other)
layers = torch.stack([torch.load(f"probe_{layer}.pth") for layer in range(8)])
across_layers = torch.cosine_similarity(layers[3], layers[5], dim=0)
mine_dir = probe[:, :, 3, 4, 1]
score = resid @ (mine_dir / mine_dir.norm())
resid = resid + 3.0 * mine_dir / mine_dir.norm()
for name, row in rows.items():
    print(name, (resid @ row).item())
