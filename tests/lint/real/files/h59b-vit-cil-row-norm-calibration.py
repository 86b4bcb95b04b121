# Synthetic rewrite of the shape of Kasra-Shp/vit-cifar100-project:vit_lora_cifar100_full5step_n5.py at 517ba59af97db86465875d4ed3c4934fc2943386 (licence NOASSERTION); not the original text.
import torch

N_TASKS = 5
CLASSES_PER_TASK = 20
norm_log = []


def task_classes(t):
    return range(t * CLASSES_PER_TASK, (t + 1) * CLASSES_PER_TASK)


def avg_pairwise_cos(vectors, eps=1e-12):
    """Mean cosine between flattened LoRA update matrices of different tasks."""
    if len(vectors) < 2:
        return None
    vals = []
    for i in range(len(vectors)):
        a = vectors[i] / torch.linalg.norm(vectors[i]).clamp_min(eps)
        for j in range(i + 1, len(vectors)):
            b = vectors[j] / torch.linalg.norm(vectors[j]).clamp_min(eps)
            vals.append(torch.dot(a, b).item())
    return sum(vals) / len(vals)


def record_head_row_norms(model, tag, eps=1e-8):
    """Store the mean length of each task's block of output rows (read only)."""
    with torch.no_grad():
        lengths = model.head.weight.norm(dim=1).detach().cpu()
    means = [float(lengths[list(task_classes(t))].mean()) for t in range(N_TASKS)]
    first = max(means[0], eps)
    for t, m in enumerate(means):
        norm_log.append({"tag": tag, "task": t + 1, "mean_norm": m, "ratio": m / first})


def align_head_row_norms(model, eps=1e-8):
    """Weight-aligning: rescale every task block to the overall mean row length."""
    record_head_row_norms(model, "before")
    with torch.no_grad():
        W = model.head.weight
        lengths = W.norm(dim=1)
        target = float(lengths.mean())
        for t in range(N_TASKS):
            idx = torch.tensor(list(task_classes(t)), device=W.device)
            block_mean = float(lengths[idx].mean().clamp_min(eps))
            W[idx] *= target / block_mean
    record_head_row_norms(model, "after")
