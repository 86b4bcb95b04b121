"""Claims in prose: sentences that read the cosine / angle / alignment of label representations
as similar probabilities, co-prediction, confusion or semantic closeness.

Cues are plain regular expressions over sentences; a sentence is flagged only when it names a
label-representation *subject* and a geometric *relation*. Negation and caveat cues (the text
refutes the practice) remove the finding, hedges lower it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from cosaudit.lint.formats.interface import Paragraph
from cosaudit.lint.prose_cues import (
    ANALOGY,
    ANAPHORIC_MEASURE,
    CAUSAL,
    CAVEAT,
    CLAIM,
    COACTIVATION,
    CODE_FORMULA,
    CONFUSABLE,
    COS_ARGS,
    COSINE_LOGITS,
    COSINE_WORD,
    DOT_WITH_VECTOR,
    EMBEDDING_WORD,
    FORMULA,
    FORMULA_PLAIN,
    FORMULA_SUBJECT,
    FORWARD,
    HEAD_DEFINITION,
    HEDGE,
    LABEL_WORDS,
    LOGIT_WORD,
    MAP_USE,
    MARGIN_LOSS,
    NEIGHBOURS,
    OTHER_OPERAND,
    OTHER_SUBJECT,
    OUTPUT_LAYER_WORDS,
    PRODUCT,
    REFUTE,
    RELATION,
    ROW_DIFFERENCE,
    ROWS_WORD,
    SECTION_REFUTE,
    SEMANTIC_CLAIM,
    SIGMOID,
    SUBJECT,
    TIED_DECODER_TABLE,
    WEIGHT_SUBJECT,
    WHITENED,
)
from cosaudit.lint.sentences import Sentence, sentences

_I = re.IGNORECASE


@dataclass
class ProseHit:
    code: str  # COS201 | COS202 | COS203
    line: int
    column: int
    cell: int | None
    text: str
    hedged: bool = False
    claim: str = ""
    relation: str = ""


# cosines as waves: "the cosine or sine of one of 5 key frequencies", "cos(w_k x)" in Fourier analyses
_TRIG = re.compile(r"\b(?:sines?|sin\s*\(|frequenc\w*|fourier|waves?)\b", _I)
_SIMILARITY_WORD = re.compile(r"similarit|\bangle|\baligned|\balignment", _I)


def _trigonometric(text: str) -> bool:
    """The sentence's cosine is the trigonometric function, not a similarity."""
    return bool(_TRIG.search(text)) and not _SIMILARITY_WORD.search(text)


# a supposition about the rows, not a report of them: "if $W_U$ has orthogonal columns", "suppose the
# unembeddings were orthonormal"
_HYPOTHETICAL = re.compile(
    r"\b(?:if|suppose|supposing|assume|assuming|imagine)\s+(?:that\s+)?(?:the\s+)?[$`]?(?:"
    + SUBJECT.pattern
    + r")[$`]?\s+(?:has|have|were|was|are|is|had)\b",
    _I,
)


@lru_cache(maxsize=256)
def _found(pattern: re.Pattern[str], section_text: str) -> bool:
    """A pattern searched once per section: a long document's sections (tens of kB) are asked the
    same question for each of their paragraphs and sentences."""
    return pattern.search(section_text) is not None


def _formula_hits(par: Paragraph, section_text: str, heads: frozenset[str] = frozenset()) -> list[ProseHit]:
    r"""COS203: a formula that defines a cosine over label representations (not identifiable).
    `heads`: matrices the document defines as its head (`logits = h_t W_V^\top`); a cosine that
    takes one of them (`\cos(h_t, W_V[v,:])`) is over label representations."""
    hits = []
    for text, line, cell in par.lines:
        code = CODE_FORMULA.search(text)
        if code and not _found(CAVEAT, section_text):
            hits.append(ProseHit("COS203", line, code.start() + 1, cell, text.strip()))
            continue
        m = FORMULA.search(text) or ((par.math or "$" in text) and FORMULA_PLAIN.search(text)) or None
        if not m or text[: m.start()].count("`") % 2 == 1:
            continue  # no formula, or one inside an inline code span: an example of the syntax
        # a cosine classifier's logits (`z_k = s cos θ_k`, the angle between the feature and w_k), or
        # a formula of a section about margin losses on the unit sphere (ArcFace's inter-class angles)
        if LOGIT_WORD.search(text) or _other_operand(text) or _found(MARGIN_LOSS, section_text):
            continue
        args = COS_ARGS.findall(text)
        # `\cos(...)` written out: its own arguments must name the head (`\gamma_\ell(\omega)` elsewhere
        # on the line is a damping rate, not Park et al.'s unembedding)
        named = any(FORMULA_SUBJECT.search(a) for a in args) if args else FORMULA_SUBJECT.search(text)
        own = named or _takes_head(text, heads)
        # a subject from the section only: the formula itself must compare two vectors, and not
        # class means (`\mu_i^T \mu_j / (\|\mu_i\| \|\mu_j\|)`, NC2 on the features)
        subject = own or (_found(SUBJECT, section_text) and _between_vectors(text) and not _MEANS.search(text))
        if subject and not _found(CAVEAT, section_text):
            hits.append(ProseHit("COS203", line, m.start() + 1, cell, text.strip()))
    return hits


# class means in a formula: `\mu_i`, `\bar{h}_c`, `\boldsymbol{\mu}_k`
_MEANS = re.compile(r"\\mu\b|\\bar\s*\{?\s*(?:h|\\mathbf\s*\{?h)")

# `\cos\theta_{ij}`, `\angle(u, v)`: an angle between two vectors, not of a scalar
_ANGLE_OF_VECTORS = re.compile(r"\\cos\s*\\theta|\\angle|\\arccos")


def _between_vectors(text: str) -> bool:
    r"""Does a formula compare two vectors (`\cos(u, v)`, a normalised inner product, an angle),
    not take the cosine of a scalar (`\cos(\omega t)` of a spectral integral)?"""
    frac = FORMULA.search(text)
    if frac is not None and frac.group(0).startswith("\\frac"):
        return True
    return bool(_ANGLE_OF_VECTORS.search(text)) or any("," in args for args in COS_ARGS.findall(text))


def _takes_head(text: str, heads: frozenset[str]) -> bool:
    return any(name in args.replace("{", "").replace("}", "") for args in COS_ARGS.findall(text) for name in heads)


# clauses of one sentence that speak of different things: "…suppress inter-class cosine similarities,
# while stage 2 reallocates classifier weight norms"
_CLAUSE_BREAK = re.compile(r";\s|,\s+(?:while|whereas)\s", _I)


def _apart(text: str) -> bool:
    """Do the head's rows and the geometry sit in different clauses (`;`, `, while`, `, whereas`)?"""
    clauses = _CLAUSE_BREAK.split(text)
    if len(clauses) < 2:
        return False
    subject = [bool(SUBJECT.search(c) or WEIGHT_SUBJECT.search(c)) for c in clauses]
    relation = [bool(RELATION.search(c)) for c in clauses]
    return any(subject) and any(relation) and not any(a and b for a, b in zip(subject, relation, strict=True))


def _subject(s: Sentence, document_subject: bool) -> bool:
    """Does the sentence speak of label representations (itself, or through the document)? The
    head used as a map ("directions projected through W_U (the unembedding)") is not a subject."""
    text = MAP_USE.sub(" ", s.text)
    if SUBJECT.search(text):
        return True
    if TIED_DECODER_TABLE.search(text) and not OTHER_SUBJECT.search(text):
        return True
    if WEIGHT_SUBJECT.search(text) and (LABEL_WORDS.search(text) or OUTPUT_LAYER_WORDS.search(text)):
        return True
    if ROWS_WORD.search(text) and COACTIVATION.search(text) and not OTHER_SUBJECT.search(text):
        return True
    # "tokens with similar meanings have a high cosine similarity", in a document about the LM head
    generic = NEIGHBOURS.search(s.text) or (SEMANTIC_CLAIM.search(s.text) and not EMBEDDING_WORD.search(s.text))
    return (
        document_subject
        and bool(LABEL_WORDS.search(s.text) and generic and COSINE_WORD.search(s.text))
        and not OTHER_SUBJECT.search(s.text)
    )


_DISTANCE = re.compile(r"\b(?:euclidean|L2|l_2)\b|\bdistances?\b", _I)
# distances between rows made unit length are functions of their cosines ("rows scaled to unit norm")
_ANGLE_WORD = re.compile(r"\bcos|\bangle|\bangular|\bnormali[sz]|\bunit[- ](?:norm|length)\b", _I)


def _only_distance(text: str) -> bool:
    """A sentence about distances between rows and no cosine or angle: a distance between rows
    depends only on their difference, which a translation keeps (COS130 in code)."""
    return bool(_DISTANCE.search(text)) and not _ANGLE_WORD.search(text)


# a comparison of labels with each other: "with the other classes", "between two tokens"
_BETWEEN_LABELS = re.compile(
    r"\b(?:with|between|among|across|to) (?:the |all |each |every |two |different |pairs? of )*(?:other )?"
    r"(?:[\w-]+ )?(?:class(?:es)?|labels?|tokens?|words?|categor(?:y|ies))\b",
    _I,
)


# the rows a sentence before named, taken up again: "the cosine similarity between these templates"
_BETWEEN_THESE = re.compile(
    r"\b(?:between|among|across|of) (?:these|those|such|the two|these two|those two) (?:[\w-]+ )?"
    r"(?:templates|vectors|rows|weights|weight vectors|prototypes)\b",
    _I,
)


def _other_operand(text: str) -> bool:
    """Is the geometry the sentence speaks of with something else than another label's row (a class
    mean, a hidden state, a direction, a difference of rows)?"""
    return bool(OTHER_OPERAND.search(text) or ROW_DIFFERENCE.search(text))


def _first_relation(text: str) -> re.Match[str] | None:
    """The sentence's relation, a cosine first: "apply this alignment to the classifier vectors, then
    take the cosine similarity" reports the cosine, not the alignment of the features before it."""
    # `cos(a, b)` inside inline math (`$\cos(u_a, u_b)$`) is a formula, COS203's to judge
    found = [m for m in RELATION.finditer(text) if not (m.group(0) == "cos(" and text.count("$", 0, m.start()) % 2)]
    return next((m for m in found if COSINE_WORD.search(m.group(0))), found[0] if found else None)


def _forward_pass(text: str) -> bool:
    """Only dot / inner products, in a sentence about logits, or logits that are cosines (a cosine
    classifier): the forward pass, not geometry."""
    if COSINE_LOGITS.search(text) or (DOT_WITH_VECTOR.search(text) and not COSINE_WORD.search(text)):
        return True
    rels = [m.group(0) for m in RELATION.finditer(text)]
    return bool(FORWARD.search(text)) and all(PRODUCT.match(r) for r in rels)


# "the cosine of the rows cannot distinguish these two models": the measure is what fails, a critique
# (not "the cosine is high, so the model cannot tell them apart", a claim of confusability)
_MEASURE_FAILS = re.compile(
    r"\b(?:cos(?:ines?)?|similarit(?:y|ies)|angles?|geometry|metrics?|measures?)\b"
    r"(?:(?!\b(?:so|because|hence|thus|which|therefore|and)\b)[^.;,]){0,80}?(?:" + CONFUSABLE.pattern + ")",
    _I,
)
# a word in quotes is a label, not a denial: the rows of "yes" and "no"
_QUOTED = re.compile(r"(?<!\w)[\"'“‘][^\"'“”‘’\n]{1,24}[\"'”’](?!\w)")


def _sentence_hit(
    s: Sentence,
    section_text: str,
    section_refutes: bool,
    document_subject: bool = False,
    caveat: bool = False,
    carried: bool = False,
    head_before: bool = False,
) -> ProseHit | None:
    """COS201 (a conclusion drawn) or COS202 (reported without a caveat) for one sentence. `caveat`:
    the sentence's own paragraph has one (the rows were centred; the angle is not what the head
    reads), or it is the code's prose and the code centres the rows; it answers a conclusion as a
    refuting section does. `carried`: the sentence before, in the same paragraph, named the head's
    rows ("we compare the rows of the classifier head with each other."): a cosine claim that
    follows is about them, though it names no subject itself (a conclusion only, COS201).
    `head_before`: a sentence earlier in the paragraph named them; a cosine between labels that
    follows ("compute cosine distance with the other classes", "between these templates") compares
    those rows (COS202)."""
    rel = _first_relation(s.text) or ANALOGY.search(s.text)
    denial_free = _QUOTED.sub("", s.text if _MEASURE_FAILS.search(s.text) else CONFUSABLE.sub(" ", s.text))
    if not rel or REFUTE.search(denial_free) or _other_operand(s.text) or _others_closeness(s.text):
        return None
    own_subject = _subject(s, document_subject)
    if own_subject and _apart(s.text):
        return None
    cosine_alone = bool(COSINE_WORD.search(s.text)) and not OTHER_SUBJECT.search(s.text)
    # a cosine of labels with each other ("then compute the cosine distance with the other classes"),
    # in a paragraph that named the head's rows before: the rows it compares are those
    compares_labels = (
        head_before and cosine_alone and bool(_BETWEEN_LABELS.search(s.text) or _BETWEEN_THESE.search(s.text))
    )
    if not own_subject and not (carried and cosine_alone) and not compares_labels:
        return None
    if WHITENED.search(s.text) or _only_distance(s.text) or _HYPOTHETICAL.search(s.text) or _trigonometric(s.text):
        return None
    if _forward_pass(s.text):
        return None
    if ANAPHORIC_MEASURE.search(s.text) and (
        _found(OTHER_OPERAND, section_text) or _found(ROW_DIFFERENCE, section_text)
    ):
        return None
    claim = CLAIM.search(s.text) or CAUSAL.search(s.text)
    if not claim and (ANALOGY.match(rel.group(0)) or not (own_subject or compares_labels)):
        return None
    if claim:
        rel = _geometry_outside(s.text, claim)
        if rel is None or section_refutes or caveat:
            return None
        hedged = bool(HEDGE.search(s.text))
        return ProseHit("COS201", s.line, s.column, s.cell, s.text, hedged, claim.group(0), rel.group(0))
    # a section that takes its angles under whitening (the causal inner product) describes the geometry
    # of whitened rows, which a translation does not move (COS111's reading), not of the raw head
    if caveat or _found(CAVEAT, section_text) or _found(WHITENED, section_text):
        return None
    return ProseHit("COS202", s.line, s.column, s.cell, s.text, relation=rel.group(0))


# "as the target domain gets closer to the source one": the closeness of something else
_OTHERS_CLOSE = re.compile(
    r"\b(?:domains?|distributions?|tasks?|datasets?|models?|networks?|training|loss(?:es)?)\s+"
    r"(?:gets?|getting|got|is|are|was|were|becomes?|moves?|grows?|comes?)\s+(?:much\s+|even\s+)?close(?:r|st)?\s+to\b",
    _I,
)


def _others_closeness(text: str) -> bool:
    """Is every relation of the sentence the closeness of something other than rows (domains, tasks)?"""
    spans = [m.span() for m in _OTHERS_CLOSE.finditer(text)]
    if not spans:
        return False
    return all(any(a <= r.start() < b for a, b in spans) for r in RELATION.finditer(text))


def _geometry_outside(text: str, claim: re.Match[str]) -> re.Match[str] | None:
    """The relation a claim is drawn from, outside the claim's own words ("close in" of "close in
    meaning" is none), or an analogy."""
    outside = (r for r in RELATION.finditer(text) if r.end() <= claim.start() or r.start() >= claim.end())
    return next(outside, None) or ANALOGY.search(text)


_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s")


def _lead_in(par: Paragraph, text: str, introduced: bool) -> tuple[int, bool] | None:
    """What a paragraph (`text`, its lines joined) hands to the next: a sentence ending in ":" (and
    whether it names the head's rows), or, for a list item of such an introduction, the introduction."""
    text = text.rstrip()
    if text.endswith(":"):
        return par.section, bool(SUBJECT.search(MAP_USE.sub(" ", text)))
    if introduced and par.lines and _LIST_ITEM.match(par.lines[0][0]):
        return par.section, True
    return None


def _table_subject_only(text: str) -> bool:
    """Are all the sentence's label representations embedding tables (not `lm_head`, `W_U`, an unembedding)?"""
    named = [m.group(0).lower() for m in SUBJECT.finditer(MAP_USE.sub(" ", text))]
    return bool(named) and all("embed" in n and "unembed" not in n for n in named)


def analyse_prose(
    paragraphs: list[Paragraph],
    code_prose: list[Paragraph] | None = None,
    code_centres: bool = False,
    code_untied: bool = False,
) -> list[ProseHit]:
    """COS201/COS202/COS203 candidates in these paragraphs (before selection and suppression).
    `code_prose`: docstrings and printed text of the code; they take no subject from the document.
    `code_centres`: the code centres the rows over the labels, a caveat for its own prose.
    `code_untied`: the code's model ties its head to token rows without learned positions (ESM-2, Gemma):
    its own prose about an embedding table ("the model's (tied) input/output embedding matrix") speaks of
    rows the code does not report either."""
    every = paragraphs + list(code_prose or [])
    by_section: dict[int, str] = {}
    for par in every:
        by_section[par.section] = by_section.get(par.section, "") + " " + " ".join(t for t, _, _ in par.lines)
    document = " ".join(t for par in paragraphs for t, _, _ in par.lines)
    document_subject = bool(SUBJECT.search(document)) and not CAVEAT.search(document)
    heads = frozenset(name.replace("{", "").replace("}", "") for name in HEAD_DEFINITION.findall(document))
    hits: list[ProseHit] = []
    sigmoid = {k: bool(SIGMOID.search(v)) for k, v in by_section.items()}
    refutes = {k: bool(SECTION_REFUTE.search(v)) for k, v in by_section.items()}
    lead_in: tuple[int, bool] | None = None  # (section, the head named) of a paragraph ending in ":"
    for n, par in enumerate(every):
        section_text = by_section.get(par.section, "")
        par_text = " ".join(t for t, _, _ in par.lines)
        introduced = lead_in is not None and lead_in[0] == par.section and lead_in[1]
        lead_in = _lead_in(par, par_text, introduced)
        if sigmoid[par.section]:
            continue
        section_refutes = refutes[par.section]
        if not section_refutes:
            hits += _formula_hits(par, section_text, heads)
        if par.math:
            continue
        own = n < len(paragraphs)
        caveat = bool(CAVEAT.search(par_text)) or (code_centres and not own)
        # a list introduced by a sentence that names the head ("For the unembedding matrix we compute:")
        carried = head_before = introduced
        subject = document_subject and own
        for s in sentences(par):
            hit = _sentence_hit(s, section_text, section_refutes, subject, caveat, carried, head_before)
            if hit is not None and code_untied and not own and _table_subject_only(s.text):
                hit = None
            if hit is not None:
                hits.append(hit)
            carried = bool(SUBJECT.search(MAP_USE.sub(" ", s.text)))
            head_before = head_before or carried
    return hits
