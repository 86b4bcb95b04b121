# Synthetic rewrite of the shape of catalys1/elusive-images-fgvc:analysis/utils.py at 37639fd61f3d8b0b1a23a5d9922a48cd2b0f8fb0 (licence NOASSERTION); not the original text.
"""Find clusters of fine-grained classes that a classifier keeps mixing up."""
from typing import List, Optional, Sequence

import torch
from scipy.sparse.csgraph import connected_components


def confusion(preds: torch.Tensor, truth: torch.Tensor, n_classes: Optional[int] = None,
              subset: Optional[Sequence[int]] = None, row_normalise: bool = True) -> torch.Tensor:
    if n_classes is None:
        n_classes = int(truth.max()) + 1
    truth = truth.long()
    if subset is None:
        r, c, size = truth, preds, n_classes
    else:
        subset = torch.as_tensor(subset)
        size = len(subset)
        remap = torch.full((n_classes,), n_classes, dtype=torch.long)
        remap[subset] = torch.arange(size)
        keep = torch.isin(truth, subset) & torch.isin(preds, subset)
        r, c = remap[truth[keep]], remap[preds[keep]]
    table = torch.zeros(size, size)
    table.index_put_((r, c), torch.ones(1), accumulate=True)
    if row_normalise:
        table = table / table.sum(dim=1, keepdim=True).clamp(min=1)
    return table


def confusable_groups(table: torch.Tensor, cutoff: float) -> List[torch.Tensor]:
    """Treat entries above the cutoff as edges and return the connected groups of classes."""
    adjacency = (table >= cutoff).long().numpy()
    _, comp = connected_components(adjacency, directed=True, connection="weak")
    comp = torch.from_numpy(comp)
    counts = comp.bincount()
    return [torch.nonzero(comp == k).ravel() for k in torch.nonzero(counts > 1).ravel()]


if __name__ == "__main__":
    saved = torch.load("outputs/cub_predictions.pt")
    groups = confusable_groups(confusion(saved["pred"], saved["label"]), cutoff=0.1)
    for g in groups:
        print([saved["names"][i] for i in g.tolist()])
