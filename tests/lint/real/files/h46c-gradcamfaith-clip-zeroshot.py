# Synthetic rewrite of the shape of piragi/gradcamfaith:clip_classifier.py at a422af3d0436bbe06340ca7fc4d45062b0729ddc (licence NOASSERTION); not the original text.
"""Zero-shot classifier: a frozen vision tower scored against prompt embeddings."""
import torch
import torch.nn.functional as F


class PromptHeadClassifier:
    def __init__(self, image_tower, text_tower, tokenizer, class_names, device, scale=100.0):
        self.image_tower = image_tower
        self.text_tower = text_tower
        self.tokenizer = tokenizer
        self.class_names = class_names
        self.device = device
        self.temperature = scale
        self.text_embeddings = self._prompt_bank()

    def _prompt_bank(self):
        ids = self.tokenizer([f"a photo of a {c}" for c in self.class_names]).to(self.device)
        with torch.no_grad():
            bank = self.text_tower.encode_text(ids)
        # unit length so that the dot product below is a cosine
        return bank / bank.norm(dim=-1, keepdim=True)

    def embed_images(self, pixels, track_grad=True):
        ctx = torch.enable_grad() if track_grad else torch.no_grad()
        with ctx:
            out = self.image_tower(pixels)
        if out.dim() == 3:
            out = out[:, 0, :]
        return out / out.norm(dim=-1, keepdim=True)

    def __call__(self, pixels):
        image_features = self.embed_images(pixels)
        logits = (image_features @ self.text_embeddings.T) * self.temperature
        probs = F.softmax(logits, dim=-1)
        return {"logits": logits, "probs": probs, "pred": logits.argmax(-1)}
