# Synthetic rewrite of the shape of cogito21g/computer_vision:image_classification/05_Grad_CAM/cam.py at fe23d98063937b07fea3763af4251fd1ac8eec8d (licence NOASSERTION); not the original text.
"""Plain class activation map for an ImageNet ResNet-18."""
import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from PIL import Image
from torch import nn
from torchvision import models, transforms

net = models.resnet18(weights="ResNet18_Weights.IMAGENET1K_V1").eval()
trunk = nn.Sequential(*list(net.children())[:-2])      # everything before pooling

prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])

picture = Image.open("samples/ship.jpg")
x = prep(picture).unsqueeze(0)

with torch.no_grad():
    guess = int(net(x).argmax())
    channel_weights = net.fc.weight[guess].view(-1, 1, 1)   # the winning class row
    fmap = trunk(x)[0]                                        # (512, 7, 7)

heat = (fmap * channel_weights).sum(dim=0)
heat = F.interpolate(heat[None, None], size=picture.size[::-1], mode="bilinear")[0, 0]

plt.imshow(picture)
plt.imshow(heat.numpy(), cmap="jet", alpha=0.45)
plt.axis("off")
plt.show()
