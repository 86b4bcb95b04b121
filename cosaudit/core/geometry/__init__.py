"""What a head *can* say, exactly: argmaxable labels and tie-able pairs (design.md §1).

For a softmax head with logits z = W h + b:

- label i is **argmaxable** when ∃h: z_i > z_k for every k ≠ i;
- labels i, j are **tie-able** when ∃h: z_i = z_j and z_i > z_k for every k ∉ {i, j}.

Both are invariant under translating every row, under every invertible linear map of the hidden
space (bias included) and under the rescaling symmetry, which is why they are honest where the
cosine is not. Unbiased, "argmaxable" means w_i is a vertex of conv(W) and "tie-able" means
[w_i, w_j] is an edge of it.

For a sigmoid (multi-label) head there is no competition between labels; the analogues used
here are:

- **argmaxable (sigmoid)**: label i can be predicted *alone*: ∃h with z_i > 0 and z_k < 0 for
  every k ≠ i (the sign vector e_i is feasible);
- **tie-able (sigmoid)**: labels i and j can be predicted *together and alone*: ∃h with z_i > 0,
  z_j > 0 and z_k < 0 for every other k.

(That a single label can be on at all is trivial — z_i > 0 somewhere — unless its row is zero.)

How an answer is found:

1. A cheap witness search: an affinely equivariant direction (the whitened row of the label:
   Σ⁺(w_i − μ), Σ the covariance of the rows), then a few relaxation steps that push h across
   the hyperplanes of the labels still winning (Cimmino projections).
2. Softmax, no ties, whole space: hull membership by non-negative least squares (`hull.py`):
   Lawson–Hanson on the lifted rows, its columns priced over the whole head with one
   matrix–vector product per batch and its QR factorisation kept between batches. Its optimum
   is either a mixture of other rows equal to the label's (the certificate) or a direction that
   puts the label strictly on top (Gordan's alternative). The HiGHS LPs below remain for ties,
   sigmoid heads, the box, and as the fallback when the NNLS runs out of steps.
3. Otherwise an exact LP (scipy's HiGHS) solved by constraint generation: the LP keeps only
   the most threatening labels, one matrix–vector product over the whole head finds the
   labels its solution violates, they are added, and the LP is solved again. A restricted LP
   that is already infeasible settles "no"; a solution that beats every label settles "yes".

The LP is homogeneous: variables (h, s, t) with z = W h + b s, h boxed, s ∈ [0, 1], and the
margin t left uncapped (maximised); capping t as well makes the LP degenerate and very slow.
Because there are finitely many constraints, a solution with s = 0 and t > 0 still gives a
witness (h scaled up until the bias no longer matters), so the search space is all of R^d.

Tolerance policy (one for every answer; README "Tolerance policy"). Answers are about the head
as stored, computed in float64. **yes**: a witness h whose logits, recomputed in float64 over all
labels, show the claimed order; each gap must exceed 64·(d+2)·eps·|w_ref − w_k|·|h| (gaps too
close for the bound on W h are recomputed as row differences, so translating the rows changes no
verdict); a yes whose relative margin is below the storage dtype's resolution is flagged
(`storage_tie`). **no**: a certificate (convex weights on labels) refined on its support and
re-checked from the rows: its residual must be below half the witness bound, so no witness can
refute it (`certificate.py`). Otherwise **undecided**, with the best margin and the residual.
Duplicates are rows equal bit for bit. Ties are symmetric: w_ref is, for each other label k, the
nearer of the pair (`_Problem`), and a tie witness's gaps also cover the step to the exact tie
plane, so (i, j) and (j, i) get the same answer.

Modules: `space` (search spaces), `results` (answers, certificates, tolerances), `head` (the
prepared head), `witness` (one question, the cheap witness search), `lp` (exact LPs and
certificates), `decide` (one label or pair), `batch` (many labels at once).
"""

from cosaudit.core.geometry.batch import (
    _gram_pass,
    _Stopped,
    argmax_many,
    tieable_matrix,
    tieable_neighbours,
)
from cosaudit.core.geometry.decide import _duplicates_of, argmaxable, tieable
from cosaudit.core.geometry.head import HeadGeometry, _check_index, as_geometry, head_summary
from cosaudit.core.geometry.lp import _constraint_generation, _solve_lp
from cosaudit.core.geometry.results import (
    DUPLICATE_RTOL,
    LP_MARGIN_TOL,
    LP_ZERO,
    Answer,
    ArgmaxResult,
    BatchResult,
    Certificate,
    HeadType,
    NeighbourResult,
    ProgressFn,
    TieMatrix,
    TieResult,
)
from cosaudit.core.geometry.space import (
    ALL,
    SearchSpace,
    box_space,
    hidden_states_space,
    layernorm_space,
    rmsnorm_space,
)
from cosaudit.core.geometry.witness import _cheap_search, _Problem

__all__ = [
    "ALL",
    "DUPLICATE_RTOL",
    "LP_MARGIN_TOL",
    "LP_ZERO",
    "Answer",
    "ArgmaxResult",
    "BatchResult",
    "Certificate",
    "HeadGeometry",
    "HeadType",
    "NeighbourResult",
    "ProgressFn",
    "SearchSpace",
    "TieMatrix",
    "TieResult",
    "_Problem",
    "_Stopped",
    "_cheap_search",
    "_check_index",
    "_constraint_generation",
    "_duplicates_of",
    "_gram_pass",
    "_solve_lp",
    "argmax_many",
    "argmaxable",
    "as_geometry",
    "box_space",
    "head_summary",
    "hidden_states_space",
    "layernorm_space",
    "rmsnorm_space",
    "tieable",
    "tieable_matrix",
    "tieable_neighbours",
]
