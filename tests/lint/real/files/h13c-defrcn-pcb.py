# cosaudit corpus, synthetic file: same shape as er-muyue/DeFRCN/defrcn/evaluation/calibration_layer.py at d07c3dff4f53bddf27adf54ffb96dded4fa6945a (licence MIT); new code, no text copied.
"""Prototype-based score calibration for few-shot detection (test time only)."""
import cv2
import torch
from sklearn.metrics.pairwise import cosine_similarity
from detectron2.modeling.poolers import ROIPooler
from detectron2.structures import ImageList

from defrcn.evaluation.archs import resnet101


class ScoreCalibrator:
    def __init__(self, cfg, support_loader, device="cuda"):
        self.cfg, self.loader, self.device = cfg, support_loader, device
        self.alpha = cfg.TEST.PCB_ALPHA
        self.backbone = self._load_backbone()
        self.pooler = ROIPooler((1, 1), (1 / 32,), 0, "ROIAlignV2")
        self.protos = self._class_means()

    def _load_backbone(self):
        net = resnet101()
        net.load_state_dict(torch.load(self.cfg.TEST.PCB_MODELPATH))
        return net.to(self.device).eval()

    def _box_vectors(self, img, boxes):
        x = torch.from_numpy(img.transpose(2, 0, 1)).float().to(self.device) / 255.0
        x = ImageList.from_tensors([x], 0)
        fmap = self.backbone(x.tensor[:, [2, 1, 0]])[1]
        pooled = self.pooler([fmap], boxes).flatten(1)
        return self.backbone.fc(pooled)

    def _class_means(self):
        per_class = {}
        for sample in self.loader.dataset:
            img = cv2.imread(sample["file_name"])
            vecs = self._box_vectors(img, [sample["instances"].gt_boxes.to(self.device)]).cpu()
            for v, c in zip(vecs, sample["instances"].gt_classes.tolist()):
                per_class.setdefault(c, []).append(v)
        return {c: torch.stack(v).mean(0, keepdim=True) for c, v in per_class.items()}

    def __call__(self, inputs, dets):
        inst = dets[0]["instances"]
        lo = int((inst.scores > self.cfg.TEST.PCB_UPPER).sum())
        hi = int((inst.scores > self.cfg.TEST.PCB_LOWER).sum())
        vecs = self._box_vectors(cv2.imread(inputs[0]["file_name"]), [inst.pred_boxes[lo:hi]])
        for k in range(lo, hi):
            c = int(inst.pred_classes[k])
            sim = cosine_similarity(vecs[k - lo].detach().cpu().numpy()[None], self.protos[c].numpy())[0, 0]
            inst.scores[k] = inst.scores[k] * self.alpha + sim * (1 - self.alpha)
        return dets
