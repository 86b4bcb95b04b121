"""Benchmark: argmaxable / tie-able checks on a vocabulary-sized head, against the plain LP.

    python3 benchmarks/bench_argmax.py            # 50257 × 768, the issue's figures
    python3 benchmarks/bench_argmax.py --quick    # small sizes, a minute or so

The head: Gaussian rows with anisotropic column scales plus a large shared offset (which
defeats the naive certificate h = w_i but not a translation-invariant one), and planted
labels that are convex combinations of 2 … 200 other rows (strictly inside the hull, so not
argmaxable). Figures printed:

- one argmaxable check, median over random labels (HeadGeometry shared, as in the CLI) and
  over the planted labels; the one-off preparation time of the head;
- tie-able neighbours of one label, k = 10;
- argmax over every label (vectorised certificates, then witness search / LP for the rest);
- the plain full-LP baseline at V = 5000 and 10000 (d = 768), measured in the same run;
- agreement with the plain full LP (`plain_lp`: one HiGHS LP over every row, written here
  independently of cosaudit's solver) on a random sample of labels that includes every planted
  one, planted first (`--jobs` solves several at once; `--agree-limit-s` stops starting new
  ones); before it, every sampled answer is re-checked by its own witness or certificate.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cosaudit.core.geometry import (  # noqa: E402
    HeadGeometry,
    argmax_many,
    argmaxable,
    tieable_neighbours,
)


def make_head(V: int, d: int, n_planted: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    scales = np.exp(rng.uniform(np.log(0.3), np.log(3.0), d))
    W = rng.standard_normal((V, d)) * scales
    offset = rng.standard_normal(d)
    offset *= 3.0 * np.sqrt((scales**2).sum()) / np.linalg.norm(offset)  # |c| = 3 × row norm
    W += offset
    # q = a convex combination of m rows (often on the hull's boundary: random high-dimensional
    # polytopes are neighbourly), pulled toward the centroid by α so that it is strictly inside
    sizes = [2, 3, 5, 10, 50, 200]
    alphas = [0.02, 0.1, 0.3]
    planted = rng.choice(V, size=n_planted, replace=False)
    others = np.setdiff1d(np.arange(V), planted)
    centroid = W[others].mean(axis=0)
    for n, p in enumerate(planted):
        m = sizes[n % len(sizes)]
        a = alphas[(n // len(sizes)) % len(alphas)]
        src = rng.choice(others, size=m, replace=False)
        lam = rng.dirichlet(np.ones(m))
        W[p] = (1 - a) * (lam @ W[src]) + a * centroid
    return W.astype(np.float32), np.sort(planted)


def plain_lp(W: np.ndarray, i: int, form: str = "primal", time_limit: float = 3600.0):
    """The reference: one HiGHS LP over every row, no witness search, no constraint generation.

    form "primal" (the issue's baseline): max t s.t. (w_j − w_i)·h + t ≤ 0 for every j ≠ i,
    h ∈ [−1, 1]^d, t ≤ 1; label i is argmaxable iff t* > 0.
    form "membership" (its LP dual, as a feasibility problem): λ ≥ 0, Σ λ = 1, Σ_j λ_j w_j = w_i
    over j ≠ i; label i is argmaxable iff this is infeasible (the bench heads have no bias).
    Returns (argmaxable or None when the time limit hit, HiGHS status text, seconds).
    """
    from scipy.optimize import linprog

    W = np.asarray(W, dtype=np.float64)
    V, d = W.shape
    t = time.perf_counter()
    opts = {"time_limit": float(time_limit)}
    if form == "primal":
        D = np.delete(W - W[i], i, axis=0)
        A = np.hstack([D, np.ones((V - 1, 1))])
        c = np.zeros(d + 1)
        c[-1] = -1.0
        res = linprog(c, A_ub=A, b_ub=np.zeros(V - 1), bounds=[(-1, 1)] * d + [(None, 1)],
                      method="highs-ds", options=opts)
        answer = bool(-res.fun > 1e-9) if res.status == 0 else None
    else:
        others = np.delete(np.arange(V), i)
        A = np.vstack([W[others].T, np.ones((1, V - 1))])
        res = linprog(np.zeros(V - 1), A_eq=A, b_eq=np.r_[W[i], 1.0], bounds=(0, None),
                      method="highs-ds", options=opts)
        answer = {0: False, 2: True}.get(res.status)  # feasible: inside the hull
    return answer, str(res.message), time.perf_counter() - t


def recheck(W: np.ndarray, i: int, r) -> bool:  # type: ignore[no-untyped-def]
    """Re-check an answer by its own evidence with plain numpy, independently of the solver.

    "yes": at the witness h, label i's float64 logit is strictly above every other's.
    "no": the certificate's convex weights λ (λ ≥ 0, Σ λ = 1, not on i) give a mixture of other
    rows equal to w_i up to 1e-6 of the rows' scale: then no h can put i strictly on top.
    Either way, any exact LP must give the same answer.
    """
    W = np.asarray(W, dtype=np.float64)
    if r.argmaxable:
        z = W @ np.asarray(r.witness, dtype=np.float64)
        return bool(z[i] > np.delete(z, i).max())
    c = r.certificate
    if c is None or not c.weights:
        return False
    ks = np.array(list(c.weights), dtype=np.int64)
    lam = np.array(list(c.weights.values()))
    if (lam < 0).any() or abs(lam.sum() - 1.0) > 1e-9 or (ks == i).any():
        return False
    scale = np.linalg.norm(W - W.mean(axis=0), axis=1).max()
    return bool(np.linalg.norm(lam @ W[ks] - W[i]) <= 1e-6 * scale)


_REF_W: np.ndarray | None = None  # the head, inherited by forked reference workers


def _reference_one(i: int, form: str, limit: float):  # type: ignore[no-untyped-def]
    assert _REF_W is not None
    full, status, secs = plain_lp(_REF_W, i, form, limit)
    if full is None and "time limit" not in status.lower():
        # HiGHS gave no verdict (numerical trouble): the other form decides
        other = "primal" if form == "membership" else "membership"
        full, status2, secs2 = plain_lp(_REF_W, i, other, limit)
        status, secs = f"{form}: {status}; {other}: {status2}", secs + secs2
    return i, full, status, secs


def _reference_answers(W: np.ndarray, sample: np.ndarray, args):  # type: ignore[no-untyped-def]
    """(label, plain-LP answer, status, seconds) for the sample in order, `--jobs` labels at a
    time (forked processes, one core each); no new label starts after `--agree-limit-s`."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    global _REF_W
    _REF_W = np.asarray(W, dtype=np.float64)
    t_start = time.perf_counter()
    todo = [int(i) for i in sample]
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx) as pool:
        running: set = set()
        while todo or running:
            while todo and len(running) < args.jobs and not (
                args.agree_limit_s and time.perf_counter() - t_start > args.agree_limit_s
            ):
                running.add(pool.submit(_reference_one, todo.pop(0), args.reference_form,
                                        args.reference_limit_s))
            if not running:
                break
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()


def fmt(s: float) -> str:
    return f"{s:.2f} s" if s < 120 else f"{s / 60:.1f} min"


def say(msg: str) -> None:
    print(msg, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (V=5000, d=128)")
    ap.add_argument("--V", type=int, default=None)
    ap.add_argument("--d", type=int, default=None)
    ap.add_argument("--planted", type=int, default=12)
    ap.add_argument("--sample", type=int, default=200, help="labels compared with the full LP")
    ap.add_argument("--single", type=int, default=20, help="random labels for the single check")
    ap.add_argument(
        "--single-planted",
        type=int,
        default=3,
        help="planted labels timed one by one (all of them are timed in --all)",
    )
    ap.add_argument(
        "--baseline",
        type=int,
        nargs="*",
        default=None,
        help="V values for the plain full-LP baseline (default 5000 10000)",
    )
    ap.add_argument("--skip-all", action="store_true", help="skip argmax over every label")
    ap.add_argument(
        "--only-all",
        action="store_true",
        help="time only the argmax over every label (and its vectorised pass)",
    )
    ap.add_argument(
        "--agree-limit-s",
        type=float,
        default=None,
        help="stop the agreement stage after this many seconds (reported)",
    )
    ap.add_argument(
        "--reference-form",
        choices=["primal", "membership"],
        default="membership",
        help="the plain LP's form for the agreement stage (both are one LP over every row)",
    )
    ap.add_argument(
        "--reference-limit-s",
        type=float,
        default=3600.0,
        help="time limit of one plain LP (a stopped one counts as unknown, reported)",
    )
    ap.add_argument("--skip-single", action="store_true", help="skip stages 1 and 2")
    ap.add_argument("--jobs", type=int, default=1, help="plain LPs solved at a time (processes)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    V = args.V or (5000 if args.quick else 50257)
    d = args.d or (128 if args.quick else 768)
    base_sizes = args.baseline if args.baseline is not None else ([1000, 2000] if args.quick else [5000, 10000])
    say(
        f"# bench_argmax: V={V} d={d} planted={args.planted} seed={args.seed} "
        f"threads={os.environ.get('OMP_NUM_THREADS', 'default')} cpus={os.cpu_count()}"
    )

    W, planted = make_head(V, d, args.planted, args.seed)
    rng = np.random.default_rng(args.seed + 1)

    t = time.perf_counter()
    g = HeadGeometry(W)
    g.whitener()
    t_prep = time.perf_counter() - t
    say(f"prepare head (float64 copy, norms, whitening): {fmt(t_prep)}")

    if args.only_all:
        from cosaudit.core.geometry import _gram_pass

        t = time.perf_counter()
        settled, _ = _gram_pass(g, np.arange(V), None, None)
        say(
            f"vectorised whitened-certificate pass over all {V} labels: "
            f"{fmt(time.perf_counter() - t)} ({len(settled)} settled)"
        )
        del settled
        t = time.perf_counter()
        batch = argmax_many(g, None, None)
        t_all = time.perf_counter() - t
        missed = set(planted.tolist()) ^ set(batch.not_argmaxable)
        lp_times = [r.seconds for r in batch.results.values() if r.method == "lp"]
        say(
            f"argmax over all {V} labels: {fmt(t_all)} (complete={batch.complete}; "
            f"methods {batch.methods}); not argmaxable: {len(batch.not_argmaxable)}; "
            f"differences from the planted set: {len(missed)}; LP labels: median "
            f"{fmt(statistics.median(lp_times))}, total {fmt(sum(lp_times))}"
        )
        return

    if not args.skip_single:
        # 1. single checks
        labels = rng.choice(np.setdiff1d(np.arange(V), planted), size=args.single, replace=False)
        times, answers = [], []
        for i in labels:
            t = time.perf_counter()
            r = argmaxable(g, None, int(i))
            times.append(time.perf_counter() - t)
            answers.append(r.argmaxable)
        say(
            f"argmaxable, one check, median over {len(labels)} random labels: "
            f"{fmt(statistics.median(times))} (max {fmt(max(times))}; {sum(answers)} yes)"
        )
        ptimes, panswers, pmethods = [], [], []
        for i in planted[: args.single_planted]:
            t = time.perf_counter()
            r = argmaxable(g, None, int(i))
            ptimes.append(time.perf_counter() - t)
            panswers.append(r.argmaxable)
            pmethods.append((r.method, r.lp_rounds, r.lp_constraints))
        say(
            f"argmaxable, planted interior labels: median {fmt(statistics.median(ptimes))}, "
            f"max {fmt(max(ptimes))}; {len(ptimes) - sum(panswers)}/{len(ptimes)} found not argmaxable"
        )
        say("  LP rounds / constraints (planted): " + ", ".join(f"{m[1]}/{m[2]}" for m in pmethods))
        t = time.perf_counter()
        argmaxable(W, None, int(labels[0]))
        say(f"argmaxable, one check including preparing the head: {fmt(time.perf_counter() - t)}")

        # 2. neighbours
        t = time.perf_counter()
        nb = tieable_neighbours(g, None, int(labels[0]), k=10)
        t_nb = time.perf_counter() - t
        say(
            f"tie-able neighbours of one label, k=10: {fmt(t_nb)} ({len(nb.neighbours)} found, "
            f"{nb.candidates_checked} candidates checked)"
        )

    # 3. argmax over every label
    batch = None
    if not args.skip_all:
        t = time.perf_counter()
        batch = argmax_many(g, None, None)
        t_all = time.perf_counter() - t
        missed = set(planted.tolist()) ^ set(batch.not_argmaxable)
        say(
            f"argmax over all {V} labels: {fmt(t_all)} (complete={batch.complete}; "
            f"methods {batch.methods}); not argmaxable: {len(batch.not_argmaxable)}; "
            f"differences from the planted set: {len(missed)}"
        )
        lp_times = [r.seconds for r in batch.results.values() if r.method == "lp"]
        if lp_times:
            say(
                f"  labels that needed the LP: {len(lp_times)}, "
                f"median {fmt(statistics.median(lp_times))}"
                f", max {fmt(max(lp_times))}"
            )

    # 4. plain full-LP baseline at smaller V (before the long agreement stage)
    for Vb in base_sizes:
        Wb, pb = make_head(Vb, d, 4, args.seed + 7)
        gb = HeadGeometry(Wb)
        lab = [int(pb[0]), int(np.setdiff1d(np.arange(Vb), pb)[0])]
        for i in lab:
            full, status, tf = plain_lp(Wb, i, "primal", args.reference_limit_s)
            t = time.perf_counter()
            fast = argmaxable(gb, None, i)
            tq = time.perf_counter() - t
            kind = "planted" if i in pb else "random"
            say(
                f"baseline V={Vb} d={d} ({kind} label): plain full LP (primal) {fmt(tf)} "
                f"(answer {full}), this method {fmt(tq)} (answer {fast.argmaxable})"
            )

    # 5. agreement with the plain full LP
    sample = np.union1d(
        planted,
        rng.choice(
            np.setdiff1d(np.arange(V), planted),
            size=max(0, args.sample - planted.size),
            replace=False,
        ),
    )
    # planted first, so that a time limit still checks them
    sample = np.r_[planted, np.setdiff1d(sample, planted)]
    fast_answers = {
        int(i): (batch.results[int(i)] if batch is not None else argmaxable(g, None, int(i)))
        for i in sample
    }
    ok = sum(recheck(W, i, r) for i, r in fast_answers.items())
    say(f"answers re-checked by their own evidence (witness logits / certificate mixture): "
        f"{ok}/{sample.size} ({sum(not r.argmaxable for r in fast_answers.values())} 'no')")
    agree = disagree = unknown = 0
    full_times: list[float] = []
    for i, full, status, secs in _reference_answers(W, sample, args):
        full_times.append(secs)
        fast = fast_answers[i]
        if full is None:
            unknown += 1
            say(f"  label {i}: the plain LP stopped ({status}) after {fmt(secs)}")
        elif fast.argmaxable == full:
            agree += 1
        else:
            disagree += 1
            say(f"  DISAGREE label {i}: fast {fast.argmaxable} ({fast.method}) plain LP {full}")
        say(f"  ... {len(full_times)}/{sample.size}: label {i} "
            f"({'planted' if i in planted else 'random'}) plain LP {full} in {fmt(secs)}; "
            f"{disagree} disagreements so far")
    say(
        f"agreement with the plain full LP ({args.reference_form}, HiGHS dual simplex): "
        f"{agree}/{agree + disagree} labels agree, {unknown} stopped by the time limit "
        f"(sample of {sample.size} incl. {planted.size} planted; compared {agree + disagree + unknown}); "
        f"plain LP per label at V={V}: median {fmt(statistics.median(full_times)) if full_times else '-'}"
    )


if __name__ == "__main__":
    main()
