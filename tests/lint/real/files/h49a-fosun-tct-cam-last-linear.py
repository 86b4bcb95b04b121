# Synthetic rewrite of the shape of Wangzehan123321/Fosun_TCT:CAM_code.py at 7c5b7e43c84c64a0eab1923c20ff372a773d5d29 (licence NOASSERTION); not the original text.
import cv2
import numpy as np
import pretrainedmodels
import torch
import torchvision.transforms as T
from torch.utils.data import DataLoader

from cell_dataset import CellSlides

# 用 ImageNet 预训练的 resnet18，把最后一层换成二分类
net = pretrainedmodels.__dict__["resnet18"](num_classes=1000, pretrained="imagenet")
net.last_linear = torch.nn.Linear(512, 2)
net.load_state_dict(torch.load("./best_cells.tar"))

pooled_in = []
net.avgpool.register_forward_hook(lambda m, inp, out: pooled_in.append(inp[0]))

loader = DataLoader(CellSlides("./slides/val", train=False), batch_size=1, shuffle=True)
img, y = next(iter(loader))
net(img)

head_w = list(net.parameters())[-2]          # weight of the final linear layer
positive_row = head_w[1:2, :]                 # row of the "abnormal" class
fmap = pooled_in[0].squeeze().view(512, 49)
cam = torch.mm(positive_row, fmap).view(7, 7)
cam = (cam - cam.min()) / (cam.max() - cam.min())

cam_img = T.Resize((224, 224))(T.ToPILImage()(cam))
heat = cv2.applyColorMap(np.asarray(cam_img), cv2.COLORMAP_JET)
base = cv2.cvtColor(np.asarray(T.ToPILImage()(img.squeeze())), cv2.COLOR_RGB2BGR)
cv2.imwrite("./overlay.jpg", heat * 0.5 + base * 0.5)
