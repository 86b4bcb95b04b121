# cosaudit corpus, synthetic file: same shape as thaotnguyen/thinking-llms-interp/train-steering-vectors/cosine_sim.py at 03f07f7a3701a0fbdfd030d7cb02d727ed103e4d (licence NOASSERTION); new code, no text copied.
# %%
import argparse

import matplotlib.pyplot as plt
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="deepseek-ai/DeepSeek-R1-Distill-Llama-8B")
parser.add_argument("--layer", type=int, default=15)
args, _ = parser.parse_known_args()

short = args.model.split("/")[-1].lower()
means = torch.load(f"results/vars/mean_vectors_{short}.pt")
overall = means["overall"]["mean"]
vectors = {k: v["mean"] - overall for k, v in means.items() if k != "overall"}


# %%
def heatmap(vectors, layer):
    names = list(vectors)
    n = len(names)
    sim = torch.zeros(n, n)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            sim[i, j] = torch.cosine_similarity(vectors[a][layer], vectors[b][layer], dim=-1).abs()
    plt.figure(figsize=(10, 8))
    plt.imshow(sim, cmap="Blues", vmin=0, vmax=1)
    plt.colorbar(label="|cosine|")
    plt.xticks(range(n), names, rotation=45, ha="right")
    plt.yticks(range(n), names)
    plt.title("Agreement between steering vectors")
    plt.tight_layout()
    plt.savefig(f"results/figures/steering_cosine_{short}.png")


heatmap(vectors, args.layer)
