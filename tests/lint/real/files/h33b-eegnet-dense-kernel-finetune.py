# Synthetic rewrite of the shape of young80571/Characterizing-Changes-in-Fine-Tuning-of-Convolutional-Neural-Networks-for-EEG-Decoding:kernelweights_get.py at 7266279dce11216f62d91413803fed2a30d24db4 (licence NOASSERTION); not the original text.
# Motor-imagery EEG (BCI IV-2a, 4 classes): pull one layer's kernel out of saved Keras models trained
# under different schemes (pretrained, fine-tuned, subject-specific) so the kernels can be compared
# across schemes with t-SNE and Euclidean distances.
import numpy as np
from tensorflow.keras.models import load_model

CKPT_DIR = '/data/mi_models/'

# layer index and reshape target per (architecture, layer)
LAYERS = {
    ('EEGNet', 'Conv2D'): (1, 0, (64, 8)),
    ('EEGNet', 'DepthwiseConv2D'): (3, 0, (22, 8, 2)),
    ('EEGNet', 'Dense'): (14, 0, (272, 4)),        # softmax head, 4 motor-imagery classes
    ('ShallowConv', 'Dense'): (9, 0, (2960, 4)),
}


def get_kernel(arch, scheme, layer, subject, suffix='.h5'):
    net = load_model(CKPT_DIR + scheme + arch + subject + suffix)
    idx, part, shape = LAYERS[(arch, layer)]
    if (arch, layer) == ('EEGNet', 'Dense'):
        k = net.layers[14].get_weights()[0]
    else:
        k = net.layers[idx].get_weights()[part]
    return np.array(k).reshape(shape)


def as_points(arch, layer, kernel):
    """Rows to feed t-SNE: one point per filter; a dense head is flattened to a single point."""
    if layer == 'Dense':
        return kernel.flatten()
    return kernel.reshape(kernel.shape[0], -1).T


def scheme_distance(a, b):
    return float(np.linalg.norm(as_points('EEGNet', 'Dense', a) - as_points('EEGNet', 'Dense', b)))
