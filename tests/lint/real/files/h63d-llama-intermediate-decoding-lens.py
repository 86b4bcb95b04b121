# Synthetic rewrite of the shape of nrimsky/LM-exp:intermediate_decoding/intermediate_decoding.py at 31b858d3a302cd307e326b116933c86784a7e961 (licence NOASSERTION); not the original text.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


class DecodingBlock(torch.nn.Module):
    """Wraps a decoder layer and reads its output through the final norm and the LM head."""

    def __init__(self, layer, head, final_norm):
        super().__init__()
        self.layer = layer
        self.head = head
        self.final_norm = final_norm
        self.decoded = None

    def forward(self, *args, **kwargs):
        out = self.layer(*args, **kwargs)
        self.decoded = self.head(self.final_norm(out[0]))  # logit lens on this layer's residual
        return out


class LensHelper:
    def __init__(self, name="meta-llama/Llama-2-7b-hf"):
        self.tok = AutoTokenizer.from_pretrained(name)
        self.model = AutoModelForCausalLM.from_pretrained(name)
        layers = self.model.model.layers
        for i, layer in enumerate(layers):
            layers[i] = DecodingBlock(layer, self.model.lm_head, self.model.model.norm)

    def show_layers(self, text, k=10):
        ids = self.tok(text, return_tensors="pt").input_ids
        with torch.no_grad():
            self.model(ids)
        for i, layer in enumerate(self.model.model.layers):
            probs = torch.softmax(layer.decoded[0, -1], dim=-1)
            top = torch.topk(probs, k)
            words = self.tok.batch_decode(top.indices.unsqueeze(-1))
            print(i, list(zip(words, [round(p * 100) for p in top.values.tolist()])))
