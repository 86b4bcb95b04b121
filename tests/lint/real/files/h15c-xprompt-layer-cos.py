# cosaudit corpus, synthetic file: same shape as javaher1997/llm-interpretability-lab/analysis/cross_prompt_analysis.py at cdc453c882664cb01014ff79d0e0111544ff8857 (licence NOASSERTION); new code, no text copied.
"""For every pair of prompts, follow the last-token hidden state through the layers of GPT-2 and plot
how far apart the two prompts are (Euclidean and cosine)."""
import itertools

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F

from store import PROMPTS, load_states


def final_positions(states):
    return [layer[0, -1] for layer in states]


def per_layer(a_vecs, b_vecs):
    dist = [torch.dist(a, b).item() for a, b in zip(a_vecs, b_vecs)]
    cos = [F.cosine_similarity(a, b, dim=0).item() for a, b in zip(a_vecs, b_vecs)]
    return dist, cos


def main():
    states = load_states()
    for first, second in itertools.combinations(PROMPTS, 2):
        dist, cos = per_layer(final_positions(states[first]), final_positions(states[second]))
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
        left.plot(dist)
        left.set_title("L2 distance per layer")
        right.plot(cos)
        right.set_title("cosine per layer")
        fig.suptitle(f"{first!r} vs {second!r}")
        fig.savefig(f"pair_{abs(hash((first, second)))}.png")
        plt.close(fig)


if __name__ == "__main__":
    main()
