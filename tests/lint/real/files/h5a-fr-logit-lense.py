# cosaudit corpus, synthetic file: same shape as FabienRoger/LLM-Audting-Experiments/logit_lense.py at 05f366502d0fe217ec000bc674319ec1889b5217 (licence MIT); new code, no text copied.
import torch


def show_direction(model, tokenizer, direction, k=5):
    """top tokens a residual direction pushes up, then the ones it pushes down"""
    direction = direction.to(model.device)
    up = torch.topk(model.lm_head(direction), k).indices
    down = torch.topk(-model.lm_head(direction), k).indices
    print(" ".join(tokenizer.decode(t) for t in up), "| vs |", " ".join(tokenizer.decode(t) for t in down))
