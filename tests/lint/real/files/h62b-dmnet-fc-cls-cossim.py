# Synthetic rewrite of the shape of yrqs/DMNet:tools/show_weights.py at 684448a01b31aaeba0f3daa9e17ec8ee0c8eeda3 (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F
import matplotlib
import matplotlib.pyplot as plt

VOC_NAMES = ("aeroplane", "bicycle", "bird", "boat", "bottle", "bus", "car", "cat",
             "chair", "cow", "diningtable", "dog", "horse", "motorbike", "person",
             "pottedplant", "sheep", "sofa", "train", "tvmonitor")
BASE_SPLIT1 = (0, 1, 3, 4, 6, 7, 8, 10, 11, 12, 14, 15, 16, 18, 19)

CKPT = "work_dirs/faster_rcnn_voc_split1/finetune_1shot/latest.pth"


def load_box_head(path):
    sd = torch.load(path, map_location="cpu")["state_dict"]
    return sd["roi_head.bbox_head.fc_cls.weight"], sd["roi_head.bbox_head.fc_reg.weight"]


def plot_head_row_cosines(keep=None):
    """Cosine between every row of the box classifier (background first) and the box regressor."""
    cls_rows, reg_rows = load_box_head(CKPT)
    background = cls_rows[:1]
    objects = cls_rows[1:]
    names = list(VOC_NAMES)
    if keep is not None:
        objects = objects[list(keep)]
        names = [names[i] for i in keep]
    names = ["background"] + names + ["dx", "dy", "dw", "dh"]
    stacked = torch.cat([background, objects, reg_rows], dim=0)

    unit = F.normalize(stacked, p=2, dim=1)
    sims = (unit.unsqueeze(0) * unit.unsqueeze(1)).sum(dim=-1)

    plt.imshow(sims, cmap="rainbow", norm=matplotlib.colors.Normalize(-1.0, 1.0))
    plt.colorbar()
    ticks = range(len(names))
    plt.xticks(ticks, names, rotation=90)
    plt.yticks(ticks, names)
    plt.show()


def plot_row_peak(path=CKPT):
    cls_rows, _ = load_box_head(path)
    peaks = F.normalize(cls_rows[1:], dim=1).max(dim=1).values[None]
    plt.imshow(peaks, cmap="rainbow")
    plt.show()


if __name__ == "__main__":
    plot_head_row_cosines(BASE_SPLIT1)
