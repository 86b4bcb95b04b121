# Synthetic rewrite of the shape of no0m0321/korean-honorifics-mechinterp:src/steer.py at e4d49799d8b9e9114d48de91b79ca166fcbc7e80 (licence MIT); not the original text.
"""대조쌍 평균차로 만든 '존대 방향' 벡터를 중립 프롬프트의 잔차에 더하고
존대형/평서형 첫 토큰의 logit 차이가 어떻게 변하는지 측정한다(CAA 방식)."""
import json

import numpy as np
import torch

SCALES = [0.0, 4.0, 8.0, 12.0]


def steer_run(lm, base, cached, items, layer, fold_frames):
    head_w = base.lm_head.weight          # 장치/자료형을 맞추는 용도로만 사용
    dev, dt = head_w.device, head_w.dtype

    X, y, frames = cached["X"], cached["y"], cached["frame"]
    train = np.array([f not in fold_frames for f in frames])
    pos = X[train & (y == 1), layer].mean(0)
    neg = X[train & (y == 0), layer].mean(0)
    direction = torch.tensor(pos - neg, device=dev, dtype=dt)
    direction = direction / direction.norm()  # 단위 길이 조향 벡터

    record = {s: [] for s in SCALES}
    for it in items:
        ids = torch.tensor([it["prefix_ids"]])
        for s in SCALES:
            with lm.trace(ids):
                hidden = lm.model.layers[layer].output[0]
                hidden[0, -1, :] = hidden[0, -1, :] + s * direction
                logits = lm.output.logits.save()
            last = logits.value[0, -1].float()
            # 존대형 첫 토큰과 평서형 첫 토큰의 logit 차이
            record[s].append(float(last[it["hon_tok"]] - last[it["plain_tok"]]))
    summary = {str(s): round(float(np.mean(v)), 3) for s, v in record.items()}
    print(json.dumps(summary, ensure_ascii=False))
    return summary
