# Synthetic rewrite of the shape of wj2/continuous_parallelism:analysis.py at 11f5d0c86e33c38c933877144ba163b56c773b19 (licence NOASSERTION); not the original text.
import numpy as np
import scipy.stats as stats
from sklearn.linear_model import Ridge


def row_cosines(a, b):
    a = np.atleast_2d(np.asarray(a))
    b = np.atleast_2d(np.asarray(b))
    num = (a * b).sum(axis=1)
    return num / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def sample_neighbourhood(code, centre, spread, n=1000, noisy=True):
    stim = stats.multivariate_normal(centre, spread).rvs(n)
    return stim, code.respond(stim, noisy=noisy)


def decoder_parallelism(stim_a, reps_a, stim_b, reps_b, **ridge_kw):
    """How parallel are the linear read-outs fitted around two stimulus points?

    Two ridge regressions decode the continuous stimulus coordinates from the
    population response; the rows of their coefficient matrices (one per
    stimulus dimension) are compared one to one.
    """
    near = Ridge(**ridge_kw).fit(reps_a, stim_a)
    far = Ridge(**ridge_kw).fit(reps_b, stim_b)
    per_dim = row_cosines(near.coef_, far.coef_)
    return float(per_dim.mean())


def cross_generalisation(stim_a, reps_a, stim_b, reps_b, **ridge_kw):
    fit = Ridge(**ridge_kw).fit(reps_a, stim_a)
    return fit.score(reps_b, stim_b)


def sweep(code_factory, centre_a, centre_b, spread, steps=50):
    results = []
    for mix in np.linspace(0.0, 1.0, steps):
        code = code_factory(mix)
        sa, ra = sample_neighbourhood(code, centre_a, spread)
        sb, rb = sample_neighbourhood(code, centre_b, spread)
        results.append((cross_generalisation(sa, ra, sb, rb),
                        decoder_parallelism(sa, ra, sb, rb)))
    return np.array(results)
