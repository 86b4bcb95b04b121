# cosaudit corpus, synthetic file: same shape as 10258392511/NeuralCollapse/helpers/oblique.py at 013bf1a8c8b73f63878c275234ea8ac81255708c (licence NOASSERTION); new code, no text copied.
import numpy


def check_etf(X, verbose=False, atol=1e-8):
    """Assert that the columns of X form a simplex ETF: equal norms and pairwise inner products -1/(N-1)."""
    _, N = X.shape
    norms = numpy.linalg.norm(X, axis=0)
    if verbose:
        print(norms)
    assert numpy.allclose(norms, norms[0]), "columns do not have equal norms"
    gram = X.T @ X
    if verbose:
        print(gram)
    target = numpy.full((N, N), -1.0 / (N - 1))
    numpy.fill_diagonal(target, 1.0)
    assert numpy.allclose(gram, target, atol=atol), "columns are not equiangular"
    print("ETF check passed")


def check_duality(W, H, verbose=False, atol=1e-4):
    """Class vectors W form an ETF and every feature in H equals the vector of its class."""
    per_class = H.shape[1] // W.shape[1]
    check_etf(W, verbose=verbose, atol=atol)
    assert numpy.allclose(numpy.repeat(W, per_class, axis=1), H, atol=atol), "features do not match class vectors"
    print("duality check passed")
