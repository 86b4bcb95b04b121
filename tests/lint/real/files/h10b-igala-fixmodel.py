# cosaudit corpus, synthetic file: same shape as farunawebservices/igala-gpt-from-scratch/fix_model_v3.py at 94d06cb292ca093407e7ed636cf83ed7995f13d2 (licence NOASSERTION); new code, no text copied.
"""Three-way cycle classifier whose head reuses pretrained ImageNet class rows."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision.models import mobilenet_v2, MobileNet_V2_Weights

SOURCE_ROWS = {"one-wheel": [880], "two-wheel": [444, 671], "three-wheel": [870]}


def build():
    net = mobilenet_v2(weights=MobileNet_V2_Weights.IMAGENET1K_V1).eval()
    big_W = net.classifier[1].weight.data
    big_b = net.classifier[1].bias.data
    names = list(SOURCE_ROWS)
    W = torch.stack([big_W[SOURCE_ROWS[n]].mean(0) for n in names])
    b = torch.stack([big_b[SOURCE_ROWS[n]].mean() for n in names])
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            c = F.cosine_similarity(W[i:i + 1], W[j:j + 1]).item()
            print(f"{names[i]} vs {names[j]}: cosine {c:.3f}")
    net.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(W.shape[1], len(names)))
    with torch.no_grad():
        net.classifier[1].weight.copy_(W)
        net.classifier[1].bias.copy_(b)
    return net


if __name__ == "__main__":
    torch.save(build().state_dict(), "cycles_head.bin")
