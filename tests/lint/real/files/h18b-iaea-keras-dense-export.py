# Synthetic rewrite of the shape of ZhichaoOuyang/IAEA:HID-Model/getInconsistentWeight.py at 195d5e0ee9defb52ac2b912b71b7a39909b07e37 (licence NOASSERTION); not the original text.
"""Pull the kernel and bias out of the final dense layer and park them on disk."""
import numpy as np
import keras
from keras.models import load_model

CHECKPOINT = "hid_submodel_best.h5"
LAYER = "dense_6"

net = load_model(CHECKPOINT, custom_objects={"keras": keras})
kernel, offsets = net.get_layer(LAYER).get_weights()
print("kernel", kernel.shape, "bias", offsets.shape)

np.save("head_kernel.npy", kernel)
np.save("head_bias.npy", offsets)

# reload to make sure the files round-trip
for fname in ("head_kernel.npy", "head_bias.npy"):
    arr = np.load(fname)
    print(fname, arr.shape)
