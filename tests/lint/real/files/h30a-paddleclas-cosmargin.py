# Synthetic rewrite of the shape of PaddlePaddle/PaddleClas:ppcls/arch/gears/cosmargin.py at 23a2b595a1627f036a3d2e49fde7f7e0e533e5c0 (licence Apache-2.0); not the original text.
import paddle


class MarginCosineHead(paddle.nn.Layer):
    """Large-margin cosine head: class columns are unit-normalised and the
    cosines themselves are the logits the model is trained on."""

    def __init__(self, feat_dim, n_classes, m=0.3, s=30.0):
        super().__init__()
        self.m = m
        self.s = s
        self.n_classes = n_classes
        self.kernel = self.create_parameter(
            shape=[feat_dim, n_classes],
            default_initializer=paddle.nn.initializer.XavierUniform())

    def forward(self, feats, targets=None):
        feats = feats / paddle.linalg.norm(feats, axis=1, keepdim=True)
        cols = self.kernel / paddle.linalg.norm(self.kernel, axis=0, keepdim=True)
        cosines = paddle.matmul(feats, cols)
        if targets is None or not self.training:
            return cosines
        hot = paddle.nn.functional.one_hot(targets.squeeze(1), self.n_classes)
        shifted = cosines - self.m * hot
        return self.s * shifted
