# Synthetic rewrite of the shape of WD-2711/LLM-weight-analysis:model_weight_analysis.py at 8b7ac8838162ffbe2ddc3d9da77f1ad43c85da6e (licence NOASSERTION); not the original text.
import csv
import matplotlib.pyplot as plt
from transformers import AutoModelForCausalLM


def summarise(key, tensor, outdir="./weights_png/"):
    row = {"key": key, "shape": tuple(tensor.shape), "mean": tensor.mean().item(),
           "sd": tensor.std().item(), "hi": tensor.max().item(), "lo": tensor.min().item()}
    if tensor.dim() == 2:
        lo, hi = tensor.min(), tensor.max()
        scaled = (tensor - lo) / (hi - lo)
        plt.imshow(scaled, cmap="inferno")
        plt.title(key)
        plt.colorbar()
        plt.savefig(outdir + key.replace(".", "-") + ".png")
        plt.clf()
    return row


if __name__ == "__main__":
    lm = AutoModelForCausalLM.from_pretrained("./tiny-llama-checkpoint")
    print(lm)
    weights = lm.state_dict()
    with open("./weights_png/summary.csv", "w", newline="") as fh:
        out = csv.DictWriter(fh, fieldnames=["key", "shape", "mean", "sd", "hi", "lo"])
        out.writeheader()
        for key, tensor in weights.items():
            out.writerow(summarise(key, tensor))
