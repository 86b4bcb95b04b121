# cosaudit corpus, synthetic file: same shape as ccss17/LLM-glitch-token-exp/src/llm_reversing/extract.py at 377137983ae62e792e063095b16dc0f64faf245c (licence NOASSERTION); new code, no text copied.
"""Find candidate glitch tokens: tokens whose input-embedding row has an unusually small or large norm."""
import json
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


class NormScanner:
    def __init__(self, model_id, out_dir="results"):
        self.model_id = model_id
        self.out = Path(out_dir) / model_id.replace("/", "_")
        self.out.mkdir(parents=True, exist_ok=True)

    def load(self):
        self.tok = AutoTokenizer.from_pretrained(self.model_id, trust_remote_code=True)
        self.model = AutoModelForCausalLM.from_pretrained(self.model_id, dtype=torch.bfloat16, device_map="auto")

    def read_table(self):
        self.table = self.model.get_input_embeddings().weight.data.float().cpu().numpy()
        self.row_norm = np.linalg.norm(self.table, axis=1)

    def outliers(self, low_sigma=3.0, high_sigma=1.0):
        mu, sd = self.row_norm.mean(), self.row_norm.std()
        low = np.where(self.row_norm < mu - low_sigma * sd)[0]
        high = np.where(self.row_norm > mu + high_sigma * sd)[0]
        describe = lambda ids: [{"id": int(i), "text": self.tok.decode([int(i)]), "norm": float(self.row_norm[i])} for i in ids]
        return {"low": describe(low), "high": describe(high)}

    def save(self, found):
        (self.out / "norm_outliers.json").write_text(json.dumps(found, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    scan = NormScanner("Qwen/Qwen2.5-0.5B")
    scan.load()
    scan.read_table()
    scan.save(scan.outliers())
