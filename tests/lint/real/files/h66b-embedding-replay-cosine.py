# Synthetic rewrite of the shape of jaryP/ContinualAI:continual_learning/methods/task_incremental/multi_task/gg/er/ER.py at 7d9b7614066d219ebd72049692da23ad6ec132b0 (licence MIT); not the original text.
import numpy as np
import torch


class StoredEmbeddingAnchor:
    """Embedding regularisation for task-incremental learning (Pomponi et al., 2020).

    A few images per finished task are kept together with the backbone embedding
    they had at that time; later tasks are penalised when those embeddings drift.
    """

    def __init__(self, keep_per_task, weight=1.0, metric="cosine", seed=None):
        assert metric in ("cosine", "euclidean")
        self.keep = keep_per_task
        self.weight = weight
        self.metric = metric
        self.rng = np.random.RandomState(seed)
        self.bank = []            # list of (task_id, images, embeddings)

    @torch.no_grad()
    def end_of_task(self, task, backbone):
        picks = self.rng.choice(len(task), self.keep, replace=False)
        imgs = torch.stack([task[i][1] for i in picks])
        self.bank.append((task.index, imgs.cpu(), backbone(imgs).cpu()))

    def add_penalty(self, loss, backbone):
        if not self.bank:
            return loss
        drifts = []
        for _, imgs, past in self.bank:
            now = backbone(imgs)
            if self.metric == "euclidean":
                drifts.append((past - now).norm(dim=1))
            else:
                drifts.append(1.0 - torch.nn.functional.cosine_similarity(past, now))
        return loss + self.weight * torch.cat(drifts).mean()
