# Synthetic rewrite of the shape of txsniper/Learning-Note:gluon-mxnet/深度学习模型基础/ch6.py at 5f21457fdd3cd14d41e4e63d336a7a064bb0fac7 (licence NOASSERTION); not the original text.
# MLP on Fashion-MNIST with MXNet Gluon, ten-way softmax output
from mxnet import autograd, gluon, nd

import helpers

net = gluon.nn.Sequential()
with net.name_scope():
    net.add(gluon.nn.Dense(300, activation="relu"))
    net.add(gluon.nn.Dense(100, activation="relu"))
    net.add(gluon.nn.Dense(10))  # class scores
net.initialize()

train_iter, test_iter = helpers.fashion_mnist_iters(batch_size=128)
xent = gluon.loss.SoftmaxCrossEntropyLoss()
opt = gluon.Trainer(net.collect_params(), "sgd", {"learning_rate": 0.1, "momentum": 0.9})

for epoch in range(20):
    total, correct = 0.0, 0.0
    for X, y in train_iter:
        with autograd.record():
            scores = net(X)
            loss = xent(scores, y)
        loss.backward()
        opt.step(X.shape[0])
        total += nd.mean(loss).asscalar()
        correct += helpers.accuracy(scores, y)
    print(f"epoch {epoch}: loss {total / len(train_iter):.4f}, "
          f"train acc {correct / len(train_iter):.3f}, test acc {helpers.evaluate(test_iter, net):.3f}")
