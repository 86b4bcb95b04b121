# Synthetic rewrite of the shape of zhoubolei/CAM:pytorch_CAM.py at c63f2850a7a3dadc21fa1b021875e2d4d053ece5 (licence MIT); not the original text.
"""Class activation map for the top-1 ImageNet prediction of a torchvision network."""
import json

import cv2
import numpy as np
import torch
from PIL import Image
from torchvision import models, transforms

CHOICE = "resnet18"
if CHOICE == "resnet18":
    network = models.resnet18(pretrained=True)
    last_conv = "layer4"
else:
    network = models.squeezenet1_1(pretrained=True)
    last_conv = "features"
network.eval()

captured = []
getattr(network, last_conv).register_forward_hook(
    lambda module, inp, out: captured.append(out.detach().cpu().numpy())
)

# the output layer's weight matrix: one row per ImageNet label
label_rows = np.squeeze(list(network.parameters())[-2].detach().numpy())


def activation_map(fmap, rows, wanted, out_size=(256, 256)):
    _, channels, height, width = fmap.shape
    pictures = []
    for label in wanted:
        heat = rows[label] @ fmap.reshape(channels, height * width)
        heat = heat.reshape(height, width)
        heat -= heat.min()
        heat /= heat.max()
        pictures.append(cv2.resize(np.uint8(255 * heat), out_size))
    return pictures


prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])
picture = prep(Image.open("photo.jpg")).unsqueeze(0)
with torch.no_grad():
    probabilities = torch.softmax(network(picture), dim=1).squeeze()
ranked_p, ranked_i = probabilities.sort(descending=True)
names = json.load(open("imagenet-simple-labels.json"))
for p, i in zip(ranked_p[:5].tolist(), ranked_i[:5].tolist()):
    print(f"{p:.3f} {names[i]}")

maps = activation_map(captured[0], label_rows, [int(ranked_i[0])])
photo = cv2.imread("photo.jpg")
overlay = cv2.applyColorMap(cv2.resize(maps[0], photo.shape[1::-1]), cv2.COLORMAP_JET)
cv2.imwrite("cam_overlay.jpg", 0.3 * overlay + 0.5 * photo)
