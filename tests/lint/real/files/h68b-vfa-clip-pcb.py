# Synthetic rewrite of the shape of csuhan/VFA:vfa/utils.py at e35411eb22b4fc48b524debe58dc7c09be2bf9a6 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from PIL import Image
from torchvision import transforms as T


class ClipBoxRescorer:
    """Re-scores detector boxes with CLIP: crop each box, embed it, compare with prompt embeddings."""

    def __init__(self, names, backbone="ViT-B/32", prompt="a photo of a {}", pad=0.1):
        import clip
        self.pad = pad
        self.prep = T.Compose([T.Resize([224, 224], interpolation=3), T.ToTensor(),
                               T.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
        self.model, _ = clip.load(backbone, device="cuda")
        tokens = clip.tokenize([prompt.format(n) for n in names]).cuda()
        with torch.no_grad():
            self.text = F.normalize(self.model.encode_text(tokens), dim=-1)

    def crops(self, path, boxes):
        img = Image.open(path).convert("RGB")
        out = []
        for x1, y1, x2, y2 in boxes:
            w, h = x2 - x1, y2 - y1
            box = (max(0, x1 - w * self.pad), max(0, y1 - h * self.pad), x2 + w * self.pad, y2 + h * self.pad)
            out.append(self.prep(img.crop(tuple(int(v) for v in box))).cuda())
        return torch.stack(out)

    @torch.no_grad()
    def __call__(self, path, boxes):
        img_emb = F.normalize(self.model.encode_image(self.crops(path, boxes)), dim=-1)
        # image-text cosine scaled by CLIP's temperature
        scores = self.model.logit_scale.exp() * img_emb @ self.text.t()
        return scores.softmax(dim=-1)


def blend(det_scores, clip_scores, labels, alpha=0.5):
    picked = clip_scores[torch.arange(len(labels)), labels]
    return alpha * det_scores + (1 - alpha) * picked
