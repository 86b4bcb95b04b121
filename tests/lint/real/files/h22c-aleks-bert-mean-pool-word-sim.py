# Synthetic rewrite of the shape of Aleksandrs1234/DoneWork_Tosend:ntlk7.py at 2bb14a54fc364b1849d8fac9a43a4dae16484608 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

tok = AutoTokenizer.from_pretrained("bert-base-cased")
encoder = AutoModel.from_pretrained("bert-base-cased").eval()


def pooled_vector(text):
    batch = tok(text, return_tensors="pt")
    with torch.no_grad():
        hidden = encoder(**batch).last_hidden_state
    return hidden.mean(dim=1).squeeze(0).numpy()


def relatedness(a, b):
    u, v = pooled_vector(a), pooled_vector(b)
    return float(u @ v / (np.linalg.norm(u) * np.linalg.norm(v)))


pairs = [("river", "stream"), ("river", "violin"), ("stream", "violin")]
print("Relatedness from the encoder:")
for a, b in pairs:
    print(f"  {a!r} vs {b!r}: {relatedness(a, b):.2f}")
