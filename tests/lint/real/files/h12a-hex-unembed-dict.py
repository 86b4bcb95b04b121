# cosaudit corpus, synthetic file: same shape as HexHillbilly/dag-gum/AVG/scripts/evaluate_long_horizon.py at c8f1639e232855186da332d57eaca32331c53253 (licence NOASSERTION); new code, no text copied.
"""Long-generation stress test for a residual governor that reads the stream through a
dictionary built from the model's own output head."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

from governor.sae import DictionaryBase, DictOutput
from governor.controller import Governor, distinct_2

PROMPTS = [
    ("history", "In 1492 Columbus sailed west and"),
    ("repeat phrase", "The cat sat on the mat. The cat sat on the mat."),
    ("spam", "B B B B B B B B B B B B B B"),
]


class HeadRowDictionary(DictionaryBase):
    """Every vocabulary row of the LM head, scaled to unit length, is one dictionary atom."""

    def __init__(self, head_weight: torch.Tensor, k: int = 32):
        super().__init__()
        self.atoms = nn.Parameter(F.normalize(head_weight.detach().float(), dim=-1), requires_grad=False)
        self.k = k

    def encode(self, h: torch.Tensor) -> torch.Tensor:
        unit_h = F.normalize(h.float(), dim=-1)
        return unit_h @ self.atoms.T

    def forward(self, h: torch.Tensor) -> DictOutput:
        codes = self.encode(h)
        kth = codes.topk(self.k, dim=-1).values[..., -1:]
        sparse = torch.where(codes >= kth, codes, torch.zeros_like(codes))
        recon = sparse @ self.atoms
        err = (h.float() - recon).norm(dim=-1).mean() / h.float().norm(dim=-1).mean()
        return DictOutput(codes=sparse, recon=recon.to(h.dtype), error=err)


def main():
    name = "Qwen/Qwen2.5-1.5B"
    tok = AutoTokenizer.from_pretrained(name)
    lm = AutoModelForCausalLM.from_pretrained(name, device_map="auto").eval()
    dictionary = HeadRowDictionary(lm.lm_head.weight)
    gov = Governor(lm, tokenizer=tok, dictionaries={16: dictionary, 20: dictionary})
    gov.calibrate([tok("A quiet morning in the valley.", return_tensors="pt")["input_ids"]])
    for label, prompt in PROMPTS:
        torch.manual_seed(0)
        res = gov.generate(prompt, max_new_tokens=256, do_sample=True, temperature=0.8)
        print(label, len(res["interventions"]), distinct_2(res["sequences"]))


if __name__ == "__main__":
    main()
