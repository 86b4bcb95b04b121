# Synthetic rewrite of the shape of skarthi369/ai-gen-all-test:Transformers/GPT/gpt_tokenization_demo.py at 1c94e55e99eadd38528a67fb4e71ce88342214e4 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from transformers import GPT2Model, GPT2Tokenizer


class Walkthrough:
    def __init__(self, name="gpt2"):
        self.tok = GPT2Tokenizer.from_pretrained(name)
        self.tok.pad_token = self.tok.eos_token
        self.net = GPT2Model.from_pretrained(name, output_hidden_states=True).eval()

    def layers(self, text):
        enc = self.tok(text, return_tensors="pt")
        with torch.no_grad():
            out = self.net(**enc)
        pieces = self.tok.convert_ids_to_tokens(enc["input_ids"][0])
        return pieces, [h.numpy() for h in out.hidden_states]

    def compare_to_final(self, text):
        """Rank tokens by how close their top-layer state is to the final token's state."""
        pieces, states = self.layers(text)
        top = states[-1][0]
        anchor = top[len(pieces) - 1]
        ranked = []
        for piece, token_emb in zip(pieces, top):
            similarity = np.dot(anchor, token_emb) / (
                np.linalg.norm(anchor) * np.linalg.norm(token_emb)
            )
            ranked.append((piece, float(similarity)))
        ranked.sort(key=lambda pair: pair[1], reverse=True)
        for rank, (piece, score) in enumerate(ranked[:10], start=1):
            print(f"{rank:2d}. {piece!r} cos={score:.3f}")
        return ranked
