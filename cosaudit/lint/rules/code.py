"""COS1xx: similarity computed on label representations in code (Python, notebooks, fences)."""

from __future__ import annotations

from collections.abc import Iterator

from cosaudit.lint.context import RuleContext
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import Hit, rule
from cosaudit.lint.rules.common import FIX_PAIR, SIMILAR, WHY_TRANSLATION
from cosaudit.lint.rules.events import (
    derived_hits,
    event_hits,
    lens_subject,
    loader_note,
    pair_severity,
    source_of,
    table_tie,
    tie_note,
)
from cosaudit.lint.taint import Event


@rule("COS101", "label-representation-cosine", Severity.ERROR, "code")
def label_representation_cosine(ctx: RuleContext) -> Iterator[Hit]:
    """Cosine similarity or angle between rows of an uncentered softmax label matrix.

    ## What it does
    Flags code that computes the cosine (or the angle, or normalise-then-matmul) between two or
    more label representations of a softmax model: rows of `lm_head.weight`, columns of
    TransformerLens `W_U`, `fc.weight` / `classifier.weight` of a classifier, state-dict keys of
    those tensors, and names derived from them by indexing, transposes and conversions.

    ## Why is this a problem?
    Adding the same vector `c` to every row of a softmax head shifts every logit of an input by the
    same amount, so the model's probabilities do not change at all. The cosine between two rows
    does: an equivalent model can give the pair any cosine in [-1, 1]. The number says nothing
    about the model, and any reading of it (these labels are "similar", "entangled", "predicted
    together") is unsupported. With a sigmoid (multi-label) head the translation is no symmetry
    and the rule stays quiet; with a normalised (cosine) head it reports at info level, as it does
    with a head trained with unit-norm columns (pymanopt's `Oblique` manifold: every translation that
    keeps the columns on the sphere has `w_y · c = -|c|²/2` for all `y` and leaves their Gram
    unchanged), and so do COS103 / COS104 on what is built from it. TransformerLens'
    `from_pretrained` centres `W_U` and folds the final LayerNorm's gain into it on load
    (`center_unembed=True`, `fold_ln=True` by default): that picks one translation and one
    per-dimension rescaling among many that leave every probability unchanged, without the code
    saying so, so a cosine of its columns is reported here at warning level (COS110 is for
    centring the code does itself).

    ## Example
    ```python
    W = model.lm_head.weight
    sim = F.cosine_similarity(W[dog], W[cat], dim=0)
    ```

    ## Use instead
    ```python
    direction = W[dog] - W[cat]          # identifiable: the logit difference direction
    ```
    Measure how alike the two labels *behave* — `cosaudit similar CHECKPOINT --labels dog cat`
    reports the correlation of their log-probabilities, how often they share the top prediction
    and how often one is the runner-up of the other, all identifiable — or ask which labels can
    tie for the top prediction (`cosaudit neighbours`) and which can be predicted at all
    (`cosaudit argmax`). `cosaudit flip --labels dog cat` writes an equivalent checkpoint with the
    same probabilities and the opposite cosine.

    ## References
    - README.md, opening section (why a cosine of head rows is not identifiable) and
      "What *is* identifiable"; `cosaudit flip`, `cosaudit neighbours`, `cosaudit similar`.
    """
    note = (
        " (the file shows a normalised head, so this is reported as info)"
        if ctx.facts.normalised_head
        else ""
    )
    yield from event_hits(
        ctx,
        "COS101",
        lambda ev: f"cosine between label representations{source_of(ev)} ({ev.what}){note}{loader_note(ev)}"
        + tie_note(ctx, ev),
        WHY_TRANSLATION,
        FIX_PAIR,
        pair_severity(ctx),
    )


@rule("COS102", "label-representation-dot-product", Severity.ERROR, "code")
def label_representation_dot_product(ctx: RuleContext) -> Iterator[Hit]:
    """Dot product, Gram matrix or projection between rows of a softmax label matrix.

    ## What it does
    Flags `W[a] @ W[b]`, `W @ W.T`, `torch.dot`, `np.dot`, `einsum` contractions and projections
    where **both** operands are label representations of the same softmax head.

    ## Why is this a problem?
    Under the translation `w → w + c` the dot product `w_a · w_b` becomes
    `w_a · w_b + c · (w_a + w_b) + |c|²`: any value, for a model with exactly the same
    probabilities. A Gram matrix of label rows is therefore not a property of the model.

    ## Example
    ```python
    gram = W_U.T @ W_U          # TransformerLens: labels along columns
    ```

    ## Use instead
    ```python
    contrast = W_U[:, io] - W_U[:, s]      # differences are identifiable
    logits = resid @ W_U                    # dot products with hidden states (logit lens) are fine
    ```
    Or measure probabilities, and use `cosaudit neighbours` for tie-able labels.

    ## References
    - README.md, opening section; `cosaudit flip` shows the dot product moving.
    """
    yield from event_hits(
        ctx,
        "COS102",
        lambda ev: (
            f"dot product / Gram matrix between label representations{source_of(ev)} ({ev.what})"
            f"{loader_note(ev)}{tie_note(ctx, ev)}"
        ),
        WHY_TRANSLATION,
        FIX_PAIR,
        pair_severity(ctx),
    )


@rule("COS103", "label-similarity-derived-analysis", Severity.ERROR, "code")
def label_similarity_derived_analysis(ctx: RuleContext) -> Iterator[Hit]:
    """Heatmap, top-k list, clustering or export built from a label-representation similarity.

    ## What it does
    Follows the result of a COS101/COS102 finding to what is done with it: `imshow` / `heatmap`,
    `topk` / `argsort` "nearest labels", `linkage` / `dendrogram`, t-SNE / UMAP / nearest-neighbour
    search with a cosine metric, or a `*similarity*.csv` export. Reported at the place of use.

    ## Why is this a problem?
    These artefacts present a number that an equivalent model changes at will as structure of the
    model: a different but equivalent checkpoint gives a different heatmap, different "nearest
    tokens" and a different dendrogram.

    ## Example
    ```python
    sims = F.normalize(W, dim=-1) @ F.normalize(W, dim=-1).T
    nearest = sims[tok].topk(10)
    ```

    ## Use instead
    List the labels that can tie with `tok` for the top prediction (`cosaudit neighbours`), or
    the labels whose probabilities co-vary with it on data (`cosaudit similar --label tok`).

    ## References
    - docs/check.md, "What is checked"; `cosaudit neighbours`.
    """
    yield from derived_hits(
        ctx,
        "display",
        lambda ev, d: f"`{d.what}` of a similarity between label representations{source_of(ev)}",
        "the similarity changes under a translation of the head that leaves every probability "
        "unchanged, so this display or neighbour list shows no property of the model",
        "list tie-able labels with `cosaudit neighbours`, or labels that behave alike with "
        f"{SIMILAR}",
    )


@rule("COS104", "label-similarity-as-behaviour-proxy", Severity.ERROR, "code")
def label_similarity_as_behaviour_proxy(ctx: RuleContext) -> Iterator[Hit]:
    """A label-representation similarity correlated with or plotted against behaviour.

    ## What it does
    Flags `spearmanr` / `pearsonr` / `kendalltau` / `corrcoef` / `linregress` / t-tests and scatter
    plots that take the result of a COS101/COS102 finding, typically against probabilities,
    log-probability shifts, confusion counts or "entanglement" scores.

    ## Why is this a problem?
    The similarity side of the correlation is arbitrary: for the same probabilities an equivalent
    model makes it anything, so the correlation can be made to come out either way. Whatever the
    correlation shows is a property of the chosen parametrisation.

    ## Example
    ```python
    rho, _ = spearmanr(cos_sims, delta_logprobs)
    ```

    ## Use instead
    Correlate behaviour with behaviour: probabilities or log-probability shifts of one label
    against the other, measured on data. If a geometric quantity is needed, use differences of
    rows (`w_a − w_b`), which are identifiable; `cosaudit flip` demonstrates the problem.

    ## References
    - docs/check.md, "What is checked"; `cosaudit similar`, `cosaudit flip`.
    """
    yield from derived_hits(
        ctx,
        "behaviour",
        lambda ev, d: (
            f"`{d.what}` relates a similarity between label representations{source_of(ev)} to behaviour"
        ),
        "the similarity can take any value for a model with exactly the same probabilities, so "
        "the correlation reflects the parametrisation, not the model",
        f"correlate behaviour with behaviour ({SIMILAR}, or probabilities measured on data), or "
        "use differences of rows; `cosaudit flip --labels A B` shows the same probabilities with "
        "the opposite cosine",
    )


@rule("COS110", "centered-label-representation-cosine", Severity.INFO, "code")
def centered_label_representation_cosine(ctx: RuleContext) -> Iterator[Hit]:
    """Cosine or dot product between label rows after centering over the label axis.

    ## What it does
    Flags similarities of label rows that the code itself centered over the *label* axis first
    (`W - W.mean(0)`, TransformerLens `W_U - W_U.mean(-1, keepdim=True)`, `StandardScaler` fitted
    over classes). Info level; a warning when the result is also related to behaviour. A `W_U`
    centred silently by TransformerLens' `from_pretrained` (default `center_unembed=True`) is not a
    deliberate centring: its loader also folds the final LayerNorm's gain into `W_U`, a rescaling
    that changes centred cosines too, so it is reported under COS101 / COS120 at warning level.

    ## Why is this a problem?
    Centering removes the translation ambiguity, but not the others: with a final norm gain before
    the head, a per-dimension rescaling (symmetry S) changes centered cosines too, and so does any
    invertible linear map of the hidden space. Centered cosines are a convention, not a
    measurement of the model.

    ## Example
    ```python
    Wc = W - W.mean(dim=0, keepdim=True)
    sim = F.cosine_similarity(Wc[a], Wc[b], dim=0)
    # not this rule: W_U of HookedTransformer.from_pretrained(...) is centred by the loader (COS101)
    ```

    ## Use instead
    Say that centering removes only the translation ambiguity, and rest claims on tie-ability
    (`cosaudit neighbours`) or measured probabilities. With TransformerLens, load with
    `from_pretrained_no_processing` (or `center_unembed=False, fold_ln=False`) and centre in the
    code, saying which convention the number follows.

    ## References
    - README.md, opening section (centering does not rescue it) and `cosaudit flip --symmetry rescale`.
    """
    yield from event_hits(
        ctx,
        "COS110",
        lambda ev: (
            f"similarity between label representations{source_of(ev)} centered over the label "
            f"axis ({ev.what})"
        ),
        "centering removes the translation ambiguity only; a rescaling of the hidden dimensions "
        "that leaves the probabilities unchanged still changes this cosine",
        "say so next to the number, and rest claims on tie-ability (`cosaudit neighbours`) or "
        "measured probabilities",
        lambda ev: Severity.WARNING if any(d.kind == "behaviour" for d in ev.derived) else None,
    )


@rule("COS111", "whitened-label-geometry", Severity.INFO, "code")
def whitened_label_geometry(ctx: RuleContext) -> Iterator[Hit]:
    """Similarity of label rows under a whitening or causal inner product.

    ## What it does
    Flags cosines or dot products of label rows multiplied by a whitening matrix (`inv_sqrt_Cov`,
    a "causal inner product"). Info level: this is a deliberate choice of geometry.

    ## Why is this a problem?
    The whitening fixes one inner product among many that give the same probabilities; results
    hold under that convention and should be reported with it.

    ## Example
    ```python
    g = W @ inv_sqrt_Cov
    sim = F.cosine_similarity(g[a], g[b], dim=0)
    ```

    ## Use instead
    State the convention and its estimate (which data the covariance came from), and compare with
    identifiable quantities: tie-ability (`cosaudit neighbours`), differences of rows.

    ## References
    - docs/check.md, "What is checked".
    """
    yield from event_hits(
        ctx,
        "COS111",
        lambda ev: f"similarity between whitened label representations{source_of(ev)} ({ev.what})",
        "the whitening picks one of many inner products that give the same probabilities",
        "state the convention with the result, and check claims against tie-ability "
        "(`cosaudit neighbours`)",
    )


@rule("COS120", "vector-to-vocabulary-cosine-ranking", Severity.WARNING, "code")
def vector_to_vocabulary_cosine_ranking(ctx: RuleContext) -> Iterator[Hit]:
    """One vector ranked against all label rows by cosine (a "cosine lens").

    ## What it does
    Flags a cosine between one vector that is not a label representation (a hidden state, a
    neuron's output weights, a steering vector, an SAE feature) and every row of the label
    matrix, as used to list "the tokens this direction promotes"; also written without a cosine
    call: coordinate `k` of the normalised rows (`F.normalize(W, dim=1)[:, k]`, the cosine with the
    basis direction `e_k`), a helper that normalises both of its arguments and multiplies them, a
    vector divided by its own norm against unit head rows, rows divided by their own norms
    against one unit head row, or a cosine helper given head rows and averages of some of them
    (a word's sub-token rows). A cosine with one label's row (a neuron's output weights against
    `W_U[:, tok]`, a steering vector against `lm_head.weight[tok]` for a few tokens) is flagged too:
    the row's norm and direction move with the translation; a projection on that row or a steering
    along it is not a cosine and stays quiet. Info level when the code
    centered the label matrix itself (not when TransformerLens' `from_pretrained` did, on load);
    a plain dot product (logit lens) is not flagged. Info level too when the file shows a normalised
    (cosine) head, as for COS101: its logits are the cosines, so the ranking is the model's own.

    ## Why is this a problem?
    Dividing by the row norms makes the ranking depend on the translation of the head: the norms
    of `w_y + c` change with `c` while the probabilities do not. The dot product `h · w_y` ranks
    labels the same way in every equivalent model (it shifts all labels by the same `h · c`).

    ## Example
    ```python
    scores = F.cosine_similarity(steering_vec[None], W, dim=-1)
    top = scores.topk(20)
    ```

    ## Use instead
    ```python
    scores = W @ steering_vec          # logit lens: translation shifts every label equally
    ```

    ## References
    - docs/check.md, "What is checked" (logit lens vs cosine lens).
    """
    yield from event_hits(
        ctx,
        "COS120",
        lambda ev: f"{lens_subject(ev)}{source_of(ev)} ({ev.what}){loader_note(ev)}",
        "the row norms in the denominator change under a translation of the head that leaves "
        "every probability unchanged, so the cosines, and any ranking by them, are not properties of the model",
        "rank by the dot product (logit lens), which every equivalent model orders the same way, "
        "or measure the probability shift of adding the vector",
        lambda ev: Severity.INFO if ev.a.centered or ctx.facts.normalised_head else None,
    )


@rule("COS130", "label-representation-euclidean-distance", Severity.INFO, "code")
def label_representation_euclidean_distance(ctx: RuleContext) -> Iterator[Hit]:
    """Euclidean distance between label rows.

    ## What it does
    Flags `torch.cdist`, `np.linalg.norm(W[a] - W[b])`, `pdist` / `pairwise_distances` with the
    default metric and Ward linkage on label rows. Info level.

    ## Why is this a problem?
    The distance is translation invariant, so it survives the main symmetry; but it ignores the
    output bias (two labels at distance 0 can still differ in probability by their biases), and
    a final norm gain can be folded into the head (symmetry S), which rescales the dimensions and
    changes the distances without changing any probability.

    ## Example
    ```python
    d = np.linalg.norm(W[a] - W[b])
    ```

    ## Use instead
    Report it together with the bias difference and say which parametrisation of the norm gain was
    used; for "which labels compete", use tie-ability (`cosaudit neighbours`).

    ## References
    - README.md, `cosaudit flip` (`--symmetry rescale` moves distances too).
    """
    yield from event_hits(
        ctx,
        "COS130",
        lambda ev: f"Euclidean distance between label representations{source_of(ev)} ({ev.what})",
        "it ignores the output bias and changes when a final norm gain is folded into the head, "
        "with the probabilities unchanged",
        "report the bias difference with it and say how the norm gain was handled, or use "
        "tie-ability (`cosaudit neighbours`)",
    )


@rule("COS140", "cross-model-label-cosine", Severity.WARNING, "code")
def cross_model_label_cosine(ctx: RuleContext) -> Iterator[Hit]:
    """Label rows compared across two checkpoints.

    ## What it does
    Flags a cosine or dot product between label representations taken from two different models
    (e.g. a base and a fine-tuned checkpoint), often used to say a label "moved" or "stayed".

    ## Why is this a problem?
    Each checkpoint is defined only up to its own translation (and a linear map of its hidden
    space), so the two rows are not even in a common coordinate system: the value reflects the
    parametrisations as much as any change of the model.

    ## Example
    ```python
    drift = F.cosine_similarity(base.lm_head.weight[t], tuned.lm_head.weight[t], dim=0)
    ```

    ## Use instead
    Compare logits or probabilities of both models on the same dataset, e.g. the KL divergence or
    the change of each label's probability.

    ## References
    - README.md, opening section; `cosaudit flip`.
    """

    def seen(ev: Event) -> str:
        roots = sorted({t.root for t in ev.operands if t.root})
        return (
            f"label representations of two models ({', '.join(f'`{r}`' for r in roots)}) "
            f"compared by {ev.kind}"
        )

    yield from event_hits(
        ctx,
        "COS140",
        seen,
        "each checkpoint is defined only up to its own translation of the head, so the rows "
        "share no coordinate system",
        "compare logits or probabilities of both models on the same data (KL, per-label "
        "probability change); `cosaudit flip` shows how far one model alone can move the value",
    )


@rule("COS150", "tied-input-embedding-cosine", Severity.INFO, "code")
def tied_input_embedding_cosine(ctx: RuleContext) -> Iterator[Hit]:
    """Cosine on input-embedding rows of a tied model, read as a statement about outputs.

    ## What it does
    Flags similarities computed on input-embedding accessors (`wte.weight`, `embed_tokens.weight`,
    `get_input_embeddings().weight`) when the file shows that the model ties its input and output
    embeddings and its prose or comments talk about outputs or predictions (info), or when the tied
    model adds learned position embeddings to its token rows — GPT-2, GPT-Neo, BERT, RoBERTa —
    whatever the prose says (warning): translating the token rows by `c` and the position rows by
    `-c` keeps every input vector and shifts every logit alike, so even as input geometry the
    token rows' cosines are no property of the model. A masked LM loaded by a name the file does
    not give (`AutoModelForMaskedLM.from_pretrained(name)`) is taken for one of those (BERT,
    RoBERTa, ALBERT, ELECTRA and XLM-R tie their MLM head to the token table beside learned
    positions) unless the file names a DeBERTa, ModernBERT or RoFormer; so is a table reached as
    `transformer.wte` (GPT-2's and nanoGPT's path) unless the file names rotary or ALiBi positions or
    another model that keeps the path (minGPT, nanochat, GPT-J, CodeGen, Qwen, MPT, OLMo, LLaDA, Jais) or reads the
    model's `lm_head`. The message says when this is assumed.

    ## Why is this a problem?
    In a tied model the input embedding *is* the output head, so the translation ambiguity of the
    head applies to claims about predictions. (Where the input side adds position embeddings, the
    tie can be kept while translating: README.md, `cosaudit flip`.)

    ## Example
    ```python
    # which tokens does GPT-2 predict alike?
    E = model.transformer.wte.weight
    sim = F.cosine_similarity(E[a], E[b], dim=0)
    ```

    ## Use instead
    Keep geometry claims about inputs apart from claims about outputs; for outputs, measure
    probabilities or use `cosaudit neighbours` for tie-able labels.

    ## References
    - README.md, `cosaudit flip` (tied heads).
    """
    def positions(ev: Event) -> bool:
        return table_tie(ev, ctx.facts)[1]

    def positions_note(ev: Event) -> str:
        note = (" with learned position embeddings (translating the token rows by c and the position rows "
                "by -c keeps every input vector)")
        if ctx.facts.tied_positions_assumed:
            note += (" — assumed, as the file loads a masked LM by a name it does not give: BERT, RoBERTa, "
                     "ALBERT, ELECTRA and XLM-R tie their MLM head to this table beside learned positions "
                     "(DeBERTa and ModernBERT add none)")
        elif ctx.facts.gpt2_assumed and not ctx.facts.tied_positions:
            note += (" — assumed, as `transformer.wte` is GPT-2's and nanoGPT's path to their tied table and "
                     "the file names no other layout (rotary or ALiBi positions, minGPT, GPT-J, …)")
        return note

    yield from event_hits(
        ctx,
        "COS150",
        lambda ev: (
            ("one vector ranked by similarity against the input-embedding rows" if ev.ranking else
             "similarity between input-embedding rows")
            + f"{source_of(ev)} of a tied model"
            + (positions_note(ev) if positions(ev) else ", with prose about predictions")
        ),
        "the tied matrix is also the output head, whose rows are fixed only up to a translation "
        "that leaves every probability unchanged",
        "measure the probabilities on data (`cosaudit similar`), or use tie-ability "
        "(`cosaudit neighbours`) for output claims",
        # info, as for COS101, when the file's own logits are cosines with the (tied) rows: a cosine head
        lambda ev: Severity.WARNING if positions(ev) and not ctx.facts.normalised_head else None,
    )
