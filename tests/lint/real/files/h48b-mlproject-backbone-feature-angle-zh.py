# Synthetic rewrite of the shape of liuguicen/MLProject:ml_base/math_util.py at 450ae18fbba378ee6cad2a54adf4168f2e44d6e7 (licence NOASSERTION); not the original text.
import math
from functools import reduce

import torch


def feature_angle_deg(prev_feat: torch.Tensor, cur_feat: torch.Tensor) -> float:
    '''
    两次提取的骨干网络特征之间的夹角(度), 张量形状不限
    '''
    u = prev_feat.reshape(-1)
    v = cur_feat.reshape(-1)
    # 展平后逐元素相乘累加得到点积
    dot = 0.0
    for k in range(u.numel()):
        dot += float(u[k] * v[k])
    # 各自的模长
    nu = math.sqrt(reduce(lambda acc, t: acc + float(t) ** 2, u, 0.0))
    nv = math.sqrt(reduce(lambda acc, t: acc + float(t) ** 2, v, 0.0))
    # cos = 点积 / 模长之积, 再换算成角度
    return math.acos(dot / (nu * nv)) / math.pi * 180
