"""What rule functions see: one document's analysis (events, prose hits, file facts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cosaudit.lint.formats.interface import Document
from cosaudit.lint.model import Confidence, Finding
from cosaudit.lint.prose import ProseHit
from cosaudit.lint.taint import Event

if TYPE_CHECKING:
    from cosaudit.lint.suppress import Suppression

Location = tuple[int, int, "int | None"]  # (line, 1-based column, cell)


@dataclass
class Facts:
    """File-level evidence that changes how code findings are read."""

    sigmoid: bool = False  # BCEWithLogitsLoss, multi_label, …: cosine is meaningful there
    normalised_head: bool = False  # ArcFace/CosFace/cosine classifiers, logit_scale
    tied: bool = False  # tie_word_embeddings, data_ptr checks, known tied checkpoints
    # every checkpoint the file loads by name is tied: "positions" (GPT-2, BERT: the tie survives a
    # translation) or "untie" (Gemma, T5: the equivalent model unties the head); "" when unknown or mixed
    tied_checkpoints: str = ""
    # a tied model whose inputs add learned absolute positions (GPT-2, BERT, RoBERTa): `wte + c` with
    # `wpe - c` keeps every input, so translating the tied rows is a symmetry of the whole model
    tied_positions: bool = False
    # ... known only because the file loads a masked LM by a name it does not give
    # (`AutoModelForMaskedLM.from_pretrained(model_name)`): the message says so
    tied_positions_assumed: bool = False
    # how the checkpoint a variable is loaded from by name is tied, as `tied_checkpoints` says it
    # (`t5_model = T5….from_pretrained("t5-large")`: "untie"); only variables whose loads agree
    tie_of: dict[str, str] = field(default_factory=dict)
    # the file speaks of GPT-2 anywhere (a docstring's "loads gpt2-medium's state dict"): a table it
    # calls `wte`, GPT-2's own name, is then GPT-2's (tied, with learned positions); so is one whose
    # code reaches GPT-2's learned-position table by its name `wpe` (a nanoGPT-trained model)
    gpt2_named: bool = False
    # ... known only because the code reaches `transformer.wte`, GPT-2's and nanoGPT's path, and the file
    # names no other layout (rotary positions, minGPT, GPT-J, …): the message says so
    gpt2_assumed: bool = False
    output_talk: bool = False  # prose or comments about outputs / predictions
    caveat: bool = False  # mentions translation invariance, centering, differences


@dataclass
class RuleContext:
    doc: Document
    events: list[Event]
    locate: Callable[[tuple[int, int]], Location]
    prose_hits: list[ProseHit] = field(default_factory=list)
    facts: Facts = field(default_factory=Facts)
    findings: list[Finding] = field(default_factory=list)  # for file-stage rules
    suppressions: list[Suppression] = field(default_factory=list)
    unknown_codes: set[str] = field(default_factory=set)


def confidence_of(event: Event) -> Confidence:
    return (
        Confidence.MEDIUM
        if any(t.confidence == "medium" for t in event.operands)
        else Confidence.HIGH
    )
