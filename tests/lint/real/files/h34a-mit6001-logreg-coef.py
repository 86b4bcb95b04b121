# Synthetic rewrite of the shape of jinjiaacademy/MIT6001_2:figure_code/figure26_14.py at f1bc5e3e8c6d3863f2aa3af34a914e93ad86c111 (licence NOASSERTION); not the original text.
import random
from sklearn.linear_model import LogisticRegression

points, names = [], []
centres = {'N': (0, 3), 'S': (0, -3), 'E': (3, 0), 'W': (-3, 0)}
for _ in range(10000):
    for name, (cx, cy) in centres.items():
        points.append([random.gauss(cx, 0.7), random.gauss(cy, 0.7), random.random()])
        names.append(name)

model = LogisticRegression().fit(points, names)
print('classes:', model.classes_)

# one weight vector per label, shown as numbers only
for i, label in enumerate(model.classes_):
    print('label', label, 'weights', model.coef_[i].round(4))

for probe in ([0, 3, 0.5], [3, 0, 0.5], [0, 0, 0.5]):
    print(probe, model.predict_proba([probe])[0].round(3))
