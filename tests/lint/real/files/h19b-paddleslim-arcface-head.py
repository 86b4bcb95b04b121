# Synthetic rewrite of the shape of PaddlePaddle/PaddleSlim:demo/models/slimfacenet.py at 9f3e9b2f0f9948b780900d1299f2c3fe47322deb (licence Apache-2.0); not the original text.
import math

import paddle


class FaceNetHead:
    def __init__(self, class_dim, scale=32.0, margin=0.5, mode=2):
        self.class_dim = class_dim
        self.scale = scale
        self.margin = margin
        self.mode = mode

    @staticmethod
    def _select(cond_src, limit, when_true, when_false):
        keep = paddle.cast(cond_src > limit, dtype="float32")
        return keep * when_true + (1.0 - keep) * when_false

    def additive_angular_margin(self, emb, label):
        # unit-length embeddings against unit-length class rows -> cosine logits
        emb = emb / paddle.sqrt(paddle.sum(paddle.square(emb), axis=1, keepdim=True))
        weight = paddle.static.create_parameter(
            shape=[self.class_dim, emb.shape[1]], dtype="float32", name="arc_weight",
            attr=paddle.ParamAttr(initializer=paddle.nn.initializer.XavierUniform()))
        weight = weight / paddle.sqrt(paddle.sum(paddle.square(weight), axis=1, keepdim=True))
        cosine = paddle.matmul(emb, paddle.transpose(weight, perm=[1, 0]))
        sine = paddle.sqrt(1.0 - paddle.square(cosine))
        shifted = cosine * math.cos(self.margin) - sine * math.sin(self.margin)
        if self.mode == 1:
            shifted = self._select(cosine, 0.0, shifted, cosine)
        elif self.mode == 2:
            floor = math.cos(math.pi - self.margin)
            shifted = self._select(cosine, floor, shifted,
                                   cosine - math.sin(math.pi - self.margin) * self.margin)
        onehot = paddle.nn.functional.one_hot(label, self.class_dim)
        logits = onehot * shifted + (1.0 - onehot) * cosine
        return logits * self.scale
