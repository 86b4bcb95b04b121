# cosaudit corpus, synthetic file: same shape as Kitiro/DHG/materials/process_resnet.py at e2707660cecb9f064e6fcb456622e5b4cd0cf108 (licence NOASSERTION); new code, no text copied.
import json

import torch
from torchvision import models

net = models.resnet101(pretrained=True)

w = net.fc.weight.data
b = net.fc.bias.data

del net.fc
torch.save(net.state_dict(), "resnet101-base.pth")

rows = torch.cat([w, b.unsqueeze(1)], dim=1).tolist()
seen = sorted(json.load(open("imagenet-split.json"))["train"])
json.dump([(wnid, rows[i]) for i, wnid in enumerate(seen)], open("fc-weights.json", "w"))
