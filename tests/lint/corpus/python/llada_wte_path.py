"""Error buckets of a masked diffusion LM: a wrong prediction counts as "semantically close" when the
cosine of the gold and predicted rows of LLaDA's `model.transformer.wte` passes a threshold. LLaDA (built
on OLMo's code) keeps that path for an input table apart from its output layer, beside rotary positions:
input-embedding geometry, which cosaudit leaves alone.

Shape seen in public diffusion-LM analysis scripts; written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("GSAI-ML/LLaDA-8B-Instruct", trust_remote_code=True)
model = AutoModel.from_pretrained("GSAI-ML/LLaDA-8B-Instruct", trust_remote_code=True)
wte = model.model.transformer.wte.weight.float()


def bucket(gold_id, pred_id, threshold=0.5):
    cos = F.cosine_similarity(wte[gold_id].unsqueeze(0), wte[pred_id].unsqueeze(0)).item()
    return "semantic_similar" if cos > threshold else "unrelated"
