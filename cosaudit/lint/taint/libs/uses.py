"""What is done with a similarity once computed: displays and neighbour lists (COS103),
relations to behaviour (COS104), exports; plus text that is prose (strings printed or rendered
as Markdown) and code written into generated notebook cells."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite
from cosaudit.lint.taint.syntax import access_path, callee, mentions_similarity
from cosaudit.lint.taint.values import LABEL, NOTHING, PARAM, SEL, Event, Sim, Taint, TupleVal, label_row

_CODE_STRING_CALLS = {"new_code_cell"}
_PROSE_CALLS = {"print", "markdown", "Markdown", "write", "caption", "md", "info", "display_markdown"}
_SAVE_CALLS = ("dump", "dumps", "save", "write")
_FENCED_PYTHON = re.compile(r"^[ \t]*```(?:python|py)[ \t]*\n(.*?)^[ \t]*```", re.M | re.S)


def observe_strings(an: AnalyzerHost, c: CallSite) -> None:
    """Strings passed to print / st.markdown / Markdown(...) are prose; code passed to
    `new_code_cell` is analysed (at lower confidence) and reported at the call."""
    node = c.node
    if c.name in _CODE_STRING_CALLS and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            an._code_string(first.value, node)
    if c.name in _PROSE_CALLS:
        for a in node.args:
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                an.prose_strings.append(a)
                fenced = "\n".join(m.group(1) for m in _FENCED_PYTHON.finditer(a.value))
                if fenced:
                    an._code_string(fenced, node)  # the code a page shows (`st.markdown` with a python fence)
            elif isinstance(a, ast.JoinedStr):
                an.prose_strings += [v for v in a.values if isinstance(v, ast.Constant)]


# the best match of each row (`torch.max(sims, dim=1)`, `sims.max(1)`): the nearest label and its score
_BEST_MATCH = {"max", "amax"}
# off the autograd graph: detached copies, Python values, and indices (`argmax`), which carry no gradient
_DETACH = ("detach", "tolist", "item", "numpy", "argmax", "argmin", "argsort")


def _along_an_axis(call: ast.Call, position: int) -> bool:
    """Is a reduction taken along an axis (`dim=` / `axis=`, or the axis as the argument at
    `position`), not over the whole array?"""
    return any(k.arg in ("dim", "axis") for k in call.keywords) or len(call.args) > position


def fallback(an: AnalyzerHost, c: CallSite) -> Any:
    """Any other call: a similarity among its arguments flows on, and is derived from when the
    call displays it, ranks it, exports it or relates it to behaviour."""
    sims = [a for a in list(c.args) + list(c.kwargs.values()) if isinstance(a, Sim)]
    for a in c.args:
        if isinstance(a, TupleVal):
            sims += [x for x in a.items if isinstance(x, Sim)]
    if not sims:
        return None
    if not (c.args and isinstance(c.args[0], Sim) and _trained_or_weighted(an, c, c.args[0])):
        _shown_or_related(an, c, sims)
    if c.name in _DETACH:  # `torch.argmax(sims, -1)`: indices, off the graph
        return replace(sims[0], detached=True)
    return sims[0]


def _shown_or_related(an: AnalyzerHost, c: CallSite, sims: list[Sim]) -> None:
    """Similarities a call relates to behaviour, displays, ranks or exports."""
    if c.name in P.BEHAVIOUR_CALLS and not _between_similarities(an, c):
        for s in sims:
            an._derive(s, "behaviour", c.node, c.name)
    elif c.name in P.DISPLAY_CALLS or (c.name in _BEST_MATCH and _along_an_axis(c.node, 1)):
        for s in sims:
            an._derive(s, "display", c.node, c.name)
    elif c.name in _SAVE_CALLS and mentions_similarity(c.node):
        an._derive(sims[0], "display", c.node, c.name)


def _trained_or_weighted(an: AnalyzerHost, c: CallSite, sim: Sim) -> bool:
    """Scores a call takes as logits (a loss, `accelerator.backward(loss)`: see `sim_method`) or turns
    into probabilities (a softmax: in a forward pass, the weights of a mixture; `Event.forward_weights`)."""
    # `nn.CrossEntropyLoss()(scores, y)`, `nn.Softmax(dim=1)(s)`: the module is called where it is built
    name = c.name or (callee(c.node.func.func, {}) if isinstance(c.node.func, ast.Call) else "")
    if P.LOSS_CALL.match(name) or (c.name == "backward" and _trainable_here(an, sim)):
        an._derive(sim, "logits", c.node, c.name)
    elif name.lower() == "softmax":
        an._derive(sim, "softmax", c.node, c.name)
    else:
        return False
    return True


def stacked_similarities(an: AnalyzerHost, c: CallSite, items: list[Any]) -> Sim | None:
    """The similarity a stack (`torch.stack`, `np.array` of a list) carries on; a stack of
    similarities and nothing else (`torch.stack([cos_base, cos_chat])`) is remembered, so that
    correlating its rows is not taken for a relation to behaviour."""
    if _all_similarities(items):
        an.similarity_stacks.add(id(c.node))
    sims = [t for t in items if isinstance(t, Sim)]
    if not sims:
        return None
    joined: list[Event] = []
    for event in (e for s in sims for e in s.events):
        if event is not sims[0].event and not any(event is j for j in joined):
            joined.append(event)
    return Sim(sims[0].event, tuple(joined)) if joined else sims[0]


def _all_similarities(args: list[Any]) -> bool:
    """Two or more similarities and nothing else (`[cos_a, cos_b]`, or `cos_a, cos_b`)."""
    items = [x for a in args for x in (a.items if isinstance(a, TupleVal) else [a])]
    return len(items) >= 2 and all(isinstance(x, Sim) for x in items)


def _between_similarities(an: AnalyzerHost, c: CallSite) -> bool:
    """A correlation of similarities with similarities (two models' cosines, raw against centred):
    no behaviour in it (`np.corrcoef(np.stack([cos_base, cos_chat]))`, `pearsonr(cos_a, cos_b)`)."""
    if len(c.node.args) == 1 and id(c.node.args[0]) in an.similarity_stacks:
        return True
    return _all_similarities(list(c.args)) and not c.kwargs


def sim_method(an: AnalyzerHost, c: CallSite) -> Any:
    sim: Sim = c.receiver
    meth = c.method.attr
    for a in c.node.args:
        an.eval(a, c.env)
    best = meth in _BEST_MATCH and _along_an_axis(c.node, 0)
    if meth in P.DISPLAY_METHODS or best or (meth in P.SAVE_METHODS and mentions_similarity(c.node)):
        an._derive(sim, "display", c.node, meth)
    elif meth == "backward" and _trainable_here(an, sim):
        # `loss.backward()` of a loss made from the scores: a training objective, as a loss call's logits
        # are (one vector's cosines with every row, trained: a cosine head; rows against rows stay reported)
        an._derive(sim, "logits", c.node, meth)
    elif meth == "corr":
        an._derive(sim, "behaviour", c.node, meth)
    if meth in _DETACH:  # scores read off the graph (an OOD weight, a log) train nothing
        return replace(sim, detached=True)
    return sim


def _trainable_here(an: AnalyzerHost, sim: Sim) -> bool:
    """Can a `backward()` here train through the scores: still on the autograd graph, and computed in
    the same function (a score made elsewhere and handed over, as pseudo-labels or sample weights,
    is a target of the loss, not its objective)."""
    if sim.detached:
        return False
    here = an._current_events
    return here is None or any(e is sim.event for e in here)


_COLLECT = ("append", "extend", "add", "update", "insert", "__setitem__")


def collect_method(an: AnalyzerHost, c: CallSite) -> Any:
    """`scores.append(cos(...))`: the container now holds similarities."""
    meth = c.method.attr
    if meth not in _COLLECT:
        return NOTHING
    vals = [an.eval(a, c.env) for a in c.node.args]
    sim = next((v for v in vals if isinstance(v, Sim)), None)
    base = access_path(c.method.value)
    if sim is not None and base:
        c.env[base] = sim
    elif base and meth in ("append", "insert") and isinstance(c.receiver, TupleVal):
        # `Ws.append(model.fc[-1].weight)`: the list now holds label rows (`Ws[-1]`, `Ws[i]`); in a helper,
        # `picked.append(readout[ids[0]])`: rows of its parameter, stacked into a selection of them
        rows = [v for v in vals if isinstance(v, Taint) and (v.kind == LABEL or (v.kind == PARAM and v.row))]
        if rows:
            c.env[base] = TupleVal([*c.receiver.items, rows[0]])
    elif meth in ("append", "insert") and isinstance(c.method.value, ast.Subscript):
        _collect_into_inner_list(c.method.value, vals, c.env)
    return None


def _collect_into_inner_list(inner: ast.Subscript, vals: list[Any], env: dict[str, Any]) -> None:
    """`per_view[v].append(W[tok])` into `per_view = [[] for _ in range(n)]`: each inner list now holds
    label rows, a selection of them (whichever inner list is picked)."""
    outer = access_path(inner.value)
    held = env.get(outer) if outer else None
    rows = [v for v in vals if label_row(v)]
    if isinstance(held, TupleVal) and rows and outer:
        env[outer] = TupleVal([replace(rows[0], orient=SEL)])
