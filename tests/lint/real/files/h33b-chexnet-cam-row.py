# Synthetic rewrite of the shape of xiedidan/pneumonia-detection:utils/cam.py at 0f4d3e433005f1b895cba178a1d4f7ae2568af85 (licence GPL-3.0); not the original text.
# Pneumonia localisation from a CheXNet-style DenseNet: project the last feature map on one
# class's classifier row (a class activation map), then threshold it into boxes.
import torch
import torch.nn as nn
from skimage import measure

CAM_CUTOFF = 0.5


def class_map(batch, net, label_idx):
    trunk = net.densenet121.features
    if torch.cuda.device_count() > 1:
        fmap = nn.parallel.data_parallel(trunk, batch)
    else:
        fmap = trunk(batch)
    fmap = fmap.permute(0, 2, 3, 1)                       # B x H x W x C
    row = net.densenet121.classifier[0].weight[label_idx, :]
    return torch.matmul(fmap, row)                        # B x H x W heat map


def boxes_from_maps(maps):
    out = []
    for m in maps:
        found = []
        blobs = measure.label(m > CAM_CUTOFF)
        for reg in measure.regionprops(blobs):
            y0, x0, y1, x1 = reg.bbox
            found.append((x0, y0, x1 - x0, y1 - y0))
        out.append(found)
    return out
