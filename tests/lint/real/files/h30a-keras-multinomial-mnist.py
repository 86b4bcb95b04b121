# Synthetic rewrite of the shape of craigfay/ml_architecture_zoo:multinomial_classification.py at 2291e1801ac3834bc6c2a440fad85f5cd32e9ceb (licence NOASSERTION); not the original text.
import tensorflow as tf

(train_x, train_y), (test_x, test_y) = tf.keras.datasets.fashion_mnist.load_data()
train_x = train_x.astype("float32") / 255.0
test_x = test_x.astype("float32") / 255.0

net = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(256, activation="relu"),
    tf.keras.layers.Dropout(0.1),
    tf.keras.layers.Dense(10),  # one unnormalised score per class
])

# raw scores for a single picture, then turned into class probabilities
scores = net(train_x[:1]).numpy()
probabilities = tf.nn.softmax(scores).numpy()
print(probabilities.round(3))
