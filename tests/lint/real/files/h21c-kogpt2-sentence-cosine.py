# Synthetic rewrite of the shape of jangwonjun/slider:model.py at f01168c64e966bc634ede26c464bdc2b0b7f1aa6 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from transformers import GPT2LMHeadModel, PreTrainedTokenizerFast

tok = PreTrainedTokenizerFast.from_pretrained("skt/kogpt2-base-v2")
lm = GPT2LMHeadModel.from_pretrained("skt/kogpt2-base-v2").eval()


def text_vector(sentence: str) -> np.ndarray:
    batch = tok(sentence, return_tensors="pt")
    with torch.no_grad():
        states = lm(**batch, output_hidden_states=True).hidden_states
    return states[-1].mean(dim=1).squeeze().cpu().numpy()  # average of the top layer


def cosine_similarity(u, v):
    return float(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))

