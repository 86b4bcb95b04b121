# Synthetic rewrite of the shape of akshithio/mats-app:02c.py at c02f0dc5e00c36691bbe1d84e4ff01213da65df4 (licence NOASSERTION); not the original text.
# Layer sweep: does the hidden state right after an injected wrong number look more like
# the wrong number's input vector or the right one's?
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer


class BeliefScanner:
    def __init__(self, name="Qwen/Qwen2.5-Math-7B-Instruct", device="cpu"):
        self.device = device
        self.tok = AutoTokenizer.from_pretrained(name)
        self.lm = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float32).to(device)
        self.table = self.lm.get_input_embeddings()

    def number_vector(self, text):
        ids = self.tok(" " + text, return_tensors="pt").input_ids.to(self.device)
        with torch.no_grad():
            return self.table(ids)[0, -1]

    def sweep(self, transcript, wrong, right):
        enc = self.tok(transcript, return_tensors="pt").to(self.device)
        with torch.no_grad():
            states = self.lm(**enc, output_hidden_states=True).hidden_states
        at = transcript.rfind(wrong + "\n")
        if at < 0:
            return None
        pos = enc.char_to_token(0, at + len(wrong)) or enc.char_to_token(0, at + len(wrong) - 1)
        if pos is None:
            return None

        v_wrong = self.number_vector(wrong)
        v_right = self.number_vector(right)
        gaps = []
        for layer_state in states[1:]:
            h = layer_state[0, pos]
            s_wrong = F.cosine_similarity(h[None], v_wrong[None]).item()
            s_right = F.cosine_similarity(h[None], v_right[None]).item()
            gaps.append(s_wrong - s_right)  # >0: leans toward the injected error
        return gaps
