# cosaudit corpus, synthetic file: same shape as kongwanbianjinyu/Neural-Collapse-For-Large-Number-of-Classes/GNC2.py at 037dc062a1432a11db0a56839e0b84327e27637d (licence NOASSERTION); new code, no text copied.
import os

import numpy as np
import pytorch_lightning as pl
import torch
import torch.nn as nn

from ModelModule import ModelModule
from utils import get_eval_arguments, min_dist_to_others


def main(args):
    pl.seed_everything(0)
    history = []
    for i in range(20):
        path = os.path.join(args.ckpt_path, f"epoch={i * 10 + 9}.ckpt")
        model = ModelModule.load_from_checkpoint(path)
        rows = model.linear.weight.to(args.device)
        unit_rows = nn.functional.normalize(rows, dim=1, p=2)
        gram = (unit_rows @ unit_rows.T).detach().cpu().numpy()
        score = min_dist_to_others(np.clip(gram, -1.0, 1.0))
        history.append(float(score))
        print(f"epoch {i * 10 + 9}: spread of class directions {score:.4f}")
    print("history:", history)


if __name__ == "__main__":
    main(get_eval_arguments())
