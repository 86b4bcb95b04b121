# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/70_speed.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import time

import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer


class DotProductRoutedLMHead:
    def __init__(self, model, k=5):
        self.model = model
        self.k = k
        self.weight = F.normalize(model.lm_head.weight, dim=1)      # for routing only
        self.original_weight = model.lm_head.weight
        self.threshold = self._calibrate()

    def _calibrate(self, n=1000):
        with torch.no_grad():
            h = F.normalize(torch.randn(n, self.model.config.n_embd), dim=1)
            return torch.quantile((h @ self.weight.T).max(dim=1).values, 0.1)

    def predict(self, hidden):
        h = F.normalize(hidden[:, -1], dim=1)
        scores, ids = torch.topk(h @ self.weight.T, self.k)
        if scores.max() >= self.threshold:
            exact = hidden[:, -1] @ self.original_weight[ids[0]].T
            return ids[0, exact.argmax()]
        return (hidden[:, -1] @ self.original_weight.T).argmax()


model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
tok = GPT2Tokenizer.from_pretrained("gpt2")
head = DotProductRoutedLMHead(model)
ids = tok.encode("The moon is", return_tensors="pt")
start = time.time()
with torch.no_grad():
    out = model(ids, output_hidden_states=True)
print(tok.decode(int(head.predict(out.hidden_states[-1]))), time.time() - start)
