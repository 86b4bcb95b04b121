# Synthetic rewrite of the shape of HaitaoWen/CLearning:scheme/replay/mtd/misc.py at ce0789a40bda9e566a1e0432d3ac320937ca48f0 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn as nn
from scipy.optimize import linear_sum_assignment


class Identity1x1(nn.Conv2d):
    """A 1x1 conv initialised to the identity, so channels can be reordered losslessly."""

    def __init__(self, ch, trainable=True):
        super().__init__(ch, ch, kernel_size=1, bias=False)
        self.weight.data = torch.eye(ch).view(ch, ch, 1, 1)
        self.weight.requires_grad = trainable


class ReorderableBlock(nn.Module):
    """Residual block whose hidden channels can be permuted and rescaled."""

    def __init__(self, block, mode="match", low=0.8, high=1.25):
        super().__init__()
        self.block = block
        self.mode = mode
        self.low, self.high = low, high
        self.mix_a = Identity1x1(block.conv_a.out_channels)
        self.mix_b = Identity1x1(block.conv_b.out_channels)

    def channel_orders(self):
        groups = [(self.block.conv_a, self.block.bn_a, self.mix_a),
                  (self.block.conv_b, self.block.bn_b, self.mix_b)]
        orders = []
        for conv, bn, mix in groups:
            if self.mode == "random":
                orders.append(torch.randperm(conv.out_channels, device=conv.weight.device))
                continue
            similarity = 0
            for module in (conv, bn, mix):
                if isinstance(module, Identity1x1):
                    weight_per = module.weight.data.permute(1, 0, 2, 3).reshape(module.weight.shape[1], -1)
                    similarity = similarity + weight_per @ weight_per.T
                elif isinstance(module, nn.Conv2d):
                    weight_per = module.weight.data.view(module.weight.shape[0], -1)
                    similarity = similarity + weight_per @ weight_per.T
                elif isinstance(module, nn.BatchNorm2d) and module.weight is not None:
                    g = module.weight.data[:, None]
                    b = module.bias.data[:, None]
                    similarity = similarity + g @ g.T + b @ b.T
            _, cols = linear_sum_assignment(similarity.cpu().numpy(), maximize=False)
            orders.append(torch.as_tensor(cols, device=conv.weight.device))
        return orders

    def channel_scales(self):
        n_a, n_b = self.mix_a.in_channels, self.mix_b.in_channels
        dev = self.mix_a.weight.device
        return [torch.tensor(np.random.uniform(self.low, self.high, n), dtype=torch.float32, device=dev)
                for n in (n_a, n_b)]
