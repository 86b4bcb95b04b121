# cosaudit corpus, synthetic file: same shape as Anuiel/multimodal-logit-lens/src/model.py at 8af99b30c7f053abfce54383267a4e24df86401c (licence NOASSERTION); new code, no text copied.
import torch
from transformers import AutoProcessor, Qwen2VLForConditionalGeneration


class LensModel:
    """Vision-language model whose per-layer hidden states are decoded with the LM head."""

    def __init__(self, name="Qwen/Qwen2-VL-2B-Instruct", device="cuda"):
        self.model = Qwen2VLForConditionalGeneration.from_pretrained(name, torch_dtype=torch.bfloat16).to(device)
        self.processor = AutoProcessor.from_pretrained(name)
        self.last = self.model.config.num_hidden_layers

    def layer_readout(self, hidden_states, k=5):
        table = {}
        for i, hs in enumerate(hidden_states):
            with torch.no_grad():
                h = hs[0, -1, :]
                if i != self.last:
                    h = self.model.model.norm(h)
                logits = self.model.lm_head(h).float().cpu()
            top = logits.topk(k).indices
            probs = torch.softmax(logits, -1)[top]
            table[f"layer_{i}"] = {
                "tokens": [self.processor.decode([t]) for t in top],
                "probs": [round(float(p), 3) for p in probs],
            }
        return table
