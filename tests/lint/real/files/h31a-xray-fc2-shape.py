# Synthetic rewrite of the shape of guizog/xraymachine:src/backend/camadas.py at d04478c15b4f62757908d55361cef815f6fe7d3a (licence NOASSERTION); not the original text.
import torch

sd = torch.load("xray_classifier.pt", map_location="cpu")

# list every tensor name in the checkpoint
for name in sd.keys():
    print(name)

# output layer: one row per diagnosis class
print("head rows:", sd['fc2.weight'].shape)
print("head bias:", sd['fc2.bias'].shape)
