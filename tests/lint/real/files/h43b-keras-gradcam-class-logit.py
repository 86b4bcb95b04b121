# Synthetic rewrite of the shape of newjoy2018/pyDeepLearning:Visualization3.py at 64ab961f011471d45c132a050845499e43577940 (licence NOASSERTION); not the original text.
import numpy as np
import matplotlib.pyplot as plt
from keras import backend as K
from keras.applications.vgg16 import VGG16, preprocess_input, decode_predictions
from keras.preprocessing import image

net = VGG16(weights="imagenet")

picture = image.load_img("samples/elephant.jpg", target_size=(224, 224))
batch = preprocess_input(np.expand_dims(image.img_to_array(picture), axis=0))

scores = net.predict(batch)
print("top classes:", decode_predictions(scores, top=3)[0])

# one ImageNet output unit (index 386) is followed back to the last conv block
class_score = net.output[:, 386]
conv = net.get_layer("block5_conv3")

g = K.gradients(class_score, conv.output)[0]
channel_weights = K.mean(g, axis=(0, 1, 2))
fetch = K.function([net.input], [channel_weights, conv.output[0]])
w_vals, fmap = fetch([batch])

for c in range(fmap.shape[-1]):
    fmap[:, :, c] *= w_vals[c]

cam = np.maximum(fmap.mean(axis=-1), 0)
cam /= cam.max()
plt.matshow(cam)
plt.show()
