# Synthetic rewrite of the shape of MobileTeleSystems/RecTools:rectools/models/nn/transformers/lightning.py at 41a5a639a78bd07fa313d12b5d39bc140199c5f5 (licence Apache-2.0); not the original text.
import torch
from lightning import LightningModule

from mylib.ranking import Distance, TorchRanker


class SeqRecLightning(LightningModule):
    """Training wrapper for a transformer next-item model.

    The backbone scores a session against every catalogue item with the item
    tower output (shared with the input side) and is trained with a full
    softmax over the catalogue.
    """

    u2i_dist_available = [Distance.DOT, Distance.COSINE]

    def __init__(self, backbone, lr=1e-3, logits_scale=1.0):
        super().__init__()
        self.backbone = backbone
        self.lr = lr
        self.logits_scale = logits_scale
        self.ce = torch.nn.CrossEntropyLoss(ignore_index=0)

    def training_step(self, batch, batch_idx):
        logits = self.backbone(batch) / self.logits_scale
        loss = self.ce(logits.transpose(1, 2), batch["y"])
        self.log("train_loss", loss)
        return loss


class NextItemLightning(SeqRecLightning):
    # item-to-item neighbours are ranked by the angle between item vectors
    i2i_dist = Distance.COSINE

    def similar_items(self, seed_ids, whitelist, k, device=None):
        self.backbone.eval()
        with torch.no_grad():
            table = self.backbone.item_model.get_all_embeddings()
        ranker = TorchRanker(
            distance=self.i2i_dist, device=table.device,
            subjects_factors=table, objects_factors=table,
        )
        return ranker.rank(subject_ids=seed_ids, k=k,
                           filter_pairs_csr=None,
                           sorted_object_whitelist=whitelist)
