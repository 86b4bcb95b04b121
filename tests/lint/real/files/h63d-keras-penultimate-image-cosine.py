# Synthetic rewrite of the shape of avdosev/image_comparator:predict.py at 1b0a899768cfc578838dceaff6a07a031785e256 (licence NOASSERTION); not the original text.
import numpy as np
from cv2 import imread, resize
from scipy.spatial.distance import cosine
from tensorflow import keras

from settings import CHECKPOINT, IMAGE_SHAPE

full = keras.models.load_model(CHECKPOINT)
# drop the softmax layer and keep the layer just before it as an image descriptor
encoder = keras.Model(inputs=[full.input], outputs=[full.layers[-2].output])


def pair_similarity(paths):
    batch = np.array([resize(imread(p), IMAGE_SHAPE[:2]) for p in paths])
    descriptors = encoder.predict(batch)
    return 1.0 - cosine(descriptors[0], descriptors[1])


if __name__ == "__main__":
    score = pair_similarity(("./photos/a.jpg", "./photos/b.jpg"))
    print("similarity:", score)
