# Synthetic rewrite of the shape of andyLaurito92/machine-learning-courses:datacamp-machine-learning-course/linear-classifiers-in-python/chapter2/logistic_regression_multi.py at 7d39a452425b85a0ca4e577883526d481e63b473 (licence NOASSERTION); not the original text.
from sklearn.datasets import load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

X, y = load_wine(return_X_y=True)
X_tr, X_te, y_tr, y_te = train_test_split(X, y, random_state=0)

# one binary model per class (the older default)
one_vs_rest = LogisticRegression(max_iter=5000)
one_vs_rest.fit(X_tr, y_tr)
print("one-vs-rest train/test:", one_vs_rest.score(X_tr, y_tr), one_vs_rest.score(X_te, y_te))

# a single softmax over all classes
lr_mn = LogisticRegression(multi_class="multinomial", solver="lbfgs", max_iter=5000)
lr_mn.fit(X_tr, y_tr)
print("softmax train/test:", lr_mn.score(X_tr, y_tr), lr_mn.score(X_te, y_te))
