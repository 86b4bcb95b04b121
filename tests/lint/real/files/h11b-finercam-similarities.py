# cosaudit corpus, synthetic file: same shape as 15Max/FinerCAM/similarities.py at 2ae6a0953880a5fdfc6aac5b24a199e0dde23d3c (licence MIT); new code, no text copied.
"""Dump the class-by-class similarity of the fine-tuned breed classifier."""
from pathlib import Path

import pandas as pd
import torch

from models.model import load_model
from utils.data import get_num_classes
from utils.graphs import cosine_similarity_matrix, plot_top_similar_pairs

ROOT = Path(__file__).resolve().parent
CKPT = ROOT / "models" / "checkpoints" / "best_resnet50.pth"
IMAGES = ROOT / "data" / "images"
OUT = ROOT / "results" / "plots" / "similarity_plots"
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

OUT.mkdir(parents=True, exist_ok=True)
n_breeds = get_num_classes(IMAGES)

net = load_model(num_classes=n_breeds, feature_extract=False)
net.load_state_dict(torch.load(CKPT, map_location=dev, weights_only=True))
net.to(dev).eval()

# one row of the final layer per breed
breed_rows = net.fc.weight.data.clone()
sims = cosine_similarity_matrix(breed_rows, dev)

plot_top_similar_pairs(sims, top_n=20, show=False, saving_dir=OUT)
pd.DataFrame(sims.cpu().numpy()).to_csv(str(OUT / "cosine_similarity_matrix.csv"), index=False)
