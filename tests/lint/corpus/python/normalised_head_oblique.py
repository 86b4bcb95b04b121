"""Unconstrained-features experiments with the classifier on the oblique manifold (every column of
`W` unit-norm during training). A translation that keeps every column on the sphere leaves the
Gram `W.T @ W` unchanged, so its Gram is reported at info level, like a cosine head's.

Shape seen in public neural-collapse notebooks; written for cosaudit's tests.
"""
import matplotlib.pyplot as plt
from pymanopt.manifolds import Euclidean, Oblique, Product

M, K, N = 3, 6, 30
manifold = Product((Oblique(M, K), Oblique(M, N), Euclidean(K)))
Xopt = solve(make_loss(), manifold)
W, H, b = Xopt
inner = W.T @ W  # expect: COS102
plt.imshow(inner, cmap="gray")  # expect: COS103
