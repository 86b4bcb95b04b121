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
from cosaudit.lint.patterns import TIED_POSITION_FAMILIES
from cosaudit.lint.sentences import Sentence, sentences

_I = re.IGNORECASE
# "cosine" in a learning-rate schedule ("cosine annealing", "a cosine learning rate schedule", "cosine decay")
_NOT_A_SCHEDULE = r"(?![- ](?:annealing|anneal|schedul\w*|decay|warm-?up|learning[- ]rates?|lr\b|restarts?))"
# the token table of a model that ties it to the head and adds learned positions beside it (GPT-2,
# BERT, OPT): its rows are the head's rows. Named as a table, an input or static embedding only:
# "BERT embeddings" alone are most often contextual hidden states.
_TIED_MODEL = (
    r"(?:" + "|".join(TIED_POSITION_FAMILIES) + r"|nanoGPT|minGPT|XLM-R|OPT|Whisper's decoder)"
    r"(?:[- ](?:small|base|large|medium|xl|cased|uncased))*(?:'s|’s| ?的)?"
)
_TIED_TABLE = (
    _TIED_MODEL + r" (?:(?:pre-?trained|static|input|token|word(?:-?piece)?|vocabulary) ){0,3}"
    r"(?:(?:embedding|vocabulary) (?:matrix|table|lookup)|lookup table|input embeddings?|static embeddings?|wte\b)|"
    r"(?:token|word|input|static) embedding (?:matrix|table) of (?:the )?" + _TIED_MODEL
)
SUBJECT = re.compile(
    r"\b(" + _TIED_TABLE + r"|un-?embeddings?|unembedding (?:vectors?|matrix|space|rows?|columns?)|(?<=the )unembed\b|"
    r"output[- ]embeddings?|lm_head|embed_out|"
    # GPT-2's token table by its name: tied to the head, with learned positions beside it
    r"(?<![\w.])wte(?: (?:weight )?(?:matrix|table|tensor|rows?|vectors?))?(?![\w.])|"
    r"M?L?LM[- ]head(?: vectors?| rows?| weights?| embeddings?)?|W_\{?U\}?|W\^\{?U\}?|label representations?|"
    r"class(?:ifier)?[- ]weights?(?: vectors?)?|weight vectors? of the (?:classes|labels)|"
    r"(?:last|final|output)[- ]layer weights?|fc(?:\.weight| weights?)|"
    # possessives: "the last layer's weights", "the classifier's weight vectors"
    r"(?:last|final|output|softmax|classification|fc|fully[- ]connected)[- ]layer(?:'s|’s) "
    r"(?:weights?|rows|weight (?:vectors?|rows?))|"
    r"classifier(?:'s|’s) (?:rows|weight (?:vectors|rows))|"
    # "the weights of the last layer of that classification network", "the classifier vectors"
    r"weights of the (?:last|final|output|softmax|classification|classifier)(?: linear| fully[- ]connected| fc| dense)?"
    r" layer|classifier vectors?|weights of the (?:linear |softmax |last |final )?classifier\b|"
    # Press & Wolf's name of the output embedding, tied to the input one ("word embedding & pre-softmax layer")
    r"pre-?softmax (?:layer|weights?|matrix|embeddings?)|"
    r"classifier\.weight|head rows?|"
    r"rows (?:of|in) the (?:head|classifier(?: head)?|output (?:layer|matrix|projection))|"
    # "the class embeddings learned by the softmax layer"
    r"(?:class|label) (?:embeddings?|vectors?) (?:learned |kept |stored )?(?:by|in|of) the "
    r"(?:softmax|output|last|final|classification|classifier)(?: linear| fully[- ]connected| fc| dense)? layer|"
    r"rows of the (?:(?:final|last|classification)(?: linear| fully[- ]connected| fc)?|fc) (?:layer|head)|"
    r"token vectors? of the output|"
    # a neuroscience reading of the same rows: "the incoming weights of output neuron i", "the output
    # units' input weights"
    r"(?:incoming|input|afferent) weights? (?:vectors? )?of (?:the |an |each |two )?output (?:neurons?|units?|nodes?)|"
    r"output (?:neurons?|units?|nodes?)(?:'|’)?(?:s|’s|'s)? (?:incoming|input|afferent) weights?(?: vectors?)?|"
    r"weight space of the (?:fc|final|last|output|classifier|classification|softmax)"
    r"(?: linear| fully[- ]connected)? layer|"
    # other names of the same rows: softmax / readout weights, classifier rows, the output token table
    r"softmax(?:[- ]layer)? (?:weights?|rows?|vectors?)(?: vectors?)?|read-?out (?:weights?|rows?|vectors?)|"
    r"classifier (?:rows?|weight rows?|weight vectors?)|output (?:token|word) (?:vectors?|embeddings?)|"
    r"output (?:dictionar(?:y|ies)|vocabulary (?:matrix|vectors?)|(?:embedding |token )?tables?))\b|\\gamma\(",
    _I,
)
# "weight vectors" / "weights" name label representations when the sentence is about classes,
# labels or tokens ("classes with high cosine similarity between their weight vectors")
WEIGHT_SUBJECT = re.compile(
    r"\b(weight vectors?|(?:final|last)[- ]layer (?:rows|vectors?)|weights? rows?|output (?:token )?rows|"
    # "'cat' and 'tiger' are similar: the cosine between their weights is 0.9", of a classifier's classes
    r"(?<=between )their weights)\b",
    _I,
)
LABEL_WORDS = re.compile(r"\b(class(?:es)?|classifiers?|labels?|categor(?:y|ies)|tokens?|words?)\b", _I)
# "weight vectors" in a sentence about the output layer ("Looking at the final layer, the weight vectors
# for 'truck' and 'automobile' point the same way") are that layer's rows
OUTPUT_LAYER_WORDS = re.compile(
    r"\b(?:final|last|output|softmax|classification)(?: linear| fully[- ]connected| fc| dense)? layer\b", _I
)
RELATION = re.compile(
    r"\b(cosines?" + _NOT_A_SCHEDULE + "|"
    r"cosine similarit(?:y|ies)|cos-?sim|angles?|angular|aligned|"
    # "alignment between/with …", "unembedding alignment"; not a name ("Alignment Science")
    r"alignment (?:between|with|of|to)|(?<=unembedding )alignment|"
    r"point(?:s|ing)? (?:\w+ )?"
    r"(?:in )?the same (?:way|direction)|close(?:r|st)? (?:to|in)|nearest|neighbou?rs?|"
    r"point(?:s|ing)? (?:in )?(?:nearly |roughly |almost |approximately |about )?(?:the same|similar|opposite) "
    r"(?:ways?|directions?)|"
    r"(?:nearly|almost|roughly|approximately|close to) (?:anti-?)?parallel|parallel (?:to|with)|anti-?parallel|"
    r"close(?:r|st)? together|cluster(?:s|ed)? (?:together|by)|"
    # "the rows of the output layer for happy and joy are close"
    r"(?:are|is|sit|lie|remain|stay) (?:very |quite |fairly |really )?close(?:r|st)?(?= *(?:[,.;:]|$|and\b|so\b))|"
    r"similar directions?|"
    r"shares? (?:a )?subspace|entangle(?:d|ment)|"
    # "orthogonal" as a relation, not linear algebra's "orthogonal projection / complement / basis"
    r"orthogonal(?! (?:projections?|complements?|basis|bases|matri(?:x|ces)|group))|"
    r"geometric(?:al)? proximity|hypersphere|"
    # the mean pairwise cosine of the rows ("the output embeddings are extremely anisotropic")
    r"(?:an)?isotrop(?:y|ic|ically)|narrow[- ]cone|"
    # word-similarity benchmarks score a table by the cosines of its rows against human judgements
    r"word[- ]similarity (?:benchmarks?|tasks?|datasets?|evaluations?)|"
    r"dot products?|inner products?|most similar|similar (?:[\w-]+ ){0,2}?(?:vectors|rows|representations|weights)|"
    r"similarit(?:y|ies) (?:of|between) (?:the |their |two |each pair of )?(?:rows|vectors|weights)|"
    r"group(?:s|ed)? together|"
    r"form(?:s|ing)? (?:a |an )?(?:[\w-]+ )?clusters?|(?:identical|same|similar|close) in (?:direction|angle)|"
    r"(?:rows|vectors|weights|embeddings) (?:are|look|stay) (?:\w+ )?similar|"
    r"nearby|near each other|"
    # "the similarity matrix of the fc layer's rows"
    r"similarity (?:matri(?:x|ces)|heat-?maps?) (?:of|between|for)|"
    r"proximity)\b",
    _I,
)
CLAIM = re.compile(
    # not the estimator's name ("trained with Maximum Likelihood Estimation")
    r"\b(probabilit(?:y|ies)|(?<!maximum )(?<!log-)(?<!log )likel(?:y|ihood)(?! estimat)|"
    r"predict(?:s|ed|ions?)? (?:together|jointly|similarly)|"
    r"co-?predict\w*|co-?occur\w*|confus\w+|suppress\w*|semantic\w*|morpholog\w*|"
    r"related (?:classes|labels|tokens|concepts|words|meanings?)|similar contexts|"
    r"treats? (?:\w+ ){0,2}(?:and \w+ )?(?:alike|similarly)|(?:the )?same contexts?|interchangeabl\w*|synonym\w*|"
    r"behave similarly|(?:similar|close|related) meanings?|mean(?:s|ing)? the same|by meaning|"
    r"(?:close|similar|near) in meaning|"
    r"(?:visually |semantically )?similar (?:classes|labels|categories|tokens|words|concepts)|how similar|"
    r"mix(?:es|ed|ing)? up|(?:as|are|is|be) (?:\w+ )?related|"
    # co-activation: "a hidden state that raises one token raises the other (too)"
    r"(?:raises?|lifts?|boosts?|increases?) the (?:other|second))\b",
    _I,
)
# word analogies, solved by vector arithmetic and the nearest row by cosine: a relation only in a
# sentence that draws a conclusion from them (a results table "analogies on output embeddings" reports
# an accuracy, not a geometry)
ANALOGY = re.compile(r"\b(?:analogies|analogy (?:task|test|resolution|arithmetic|search|questions?|benchmark))\b", _I)
# the co-activation claim itself speaks of head rows: only a head row turns a hidden state into a
# token's score, so "rows" in such a sentence are the head's
COACTIVATION = re.compile(r"\b(?:raises?|lifts?|boosts?|increases?) the (?:other|second)\b", _I)
ROWS_WORD = re.compile(r"\brows?\b", _I)
# a sentence that carries on the previous one ("Two rows can point in similar directions. Then …")
# a matrix the document defines as the head: "logits = h_t W_V^\top"
HEAD_DEFINITION = re.compile(r"logits?\}?\s*=\s*[^=$]*?\b(W_\{?\w+\}?)\s*\^\s*\{?\s*(?:\\top|T)\b")
COS_ARGS = re.compile(r"\\cos\s*\(([^()$]*)")
CAUSAL = re.compile(
    r"\b(because|due to|explain(?:s|ed|ing)?|impl(?:y|ies|ying)|so that|therefore|thus|hence|"
    r"which is why|represent(?:s|ing)?|means that|show(?:s|n)? that|showing|demonstrat\w+|"
    r"prov(?:es?|ing)|indicat(?:es?|ing)|reflect(?:s|ed|ing)?|reveal(?:s|ed|ing)?|"
    r"lead(?:s|ing)? to|caus(?:es?|ing)|as a result|evidence|encod(?:es|ing))\b",
    _I,
)
# sentences about something else than two label representations: a row against class means
# (neural collapse), or an inner product with a query / hidden / steering direction
OTHER_OPERAND = re.compile(
    r"\bclass(?:[- ]wise)?[- ](?:feature[- ])?means?\b|\b(?:class|cluster)[- ]cent(?:er|re)s?\b|\bcentroids?\b|"
    r"\bfeature means?\b|"
    r"\bmean (?:\w+ )?features\b|"
    # the nearest-class-mean classifier (NCM) and "the average class representation" are feature means
    r"\bnearest[- ]class(?:ifier)?[- ]means?\b|\bNCM\b|\b(?:average|mean) class representations?\b|"
    r"\b(?:with|and|to|between) (?:the |a |an |each |every )?(?:[\w-]+ ){0,2}?"
    r"(?:query|hidden[- ]state|residual|activation|steering|input|features?\b|latents?\b|"
    # output distributions and logit vectors compared with each other, not the rows
    r"probability distributions?\b|output distributions?\b|logit vectors?\b)\w*|"
    # the same pair the other way round: "both the feature and the last layer's weights are normalised"
    r"\b(?:both )?(?:the |a |an |each )(?:input |query |hidden )?features? (?:vectors? )?and (?:the |its |their |a )|"
    # a steering vector, a probe direction or a latent is compared, or an axis between two rows
    r"\bsteering[- ](?:vectors?|directions?)\b|\bprobe[- ](?:vectors?|directions?)\b|\blatents?\b|"
    # one task's vector read through the head ("the words whose unembedding vectors have the highest dot
    # product with the function vector"): its logits, a logit lens
    r"\b(?:function|task|concept|control|style|context|random)[- ](?:vectors?|directions?)\b|"
    r"\b(?:un)?embedding (?:axis|axes)\b|"
    # "the sum-unembedding dot products": a vector's products with each row, i.e. its logits
    r"\b(?:sum|write|residual|hidden|query|activation|state|steering|feature)s?[- ](?:un)?embedding "
    r"(?:dot|inner) products?",
    _I,
)
REFUTE = re.compile(
    r"(\bnot\b|n't\b|\bno\b|\bnever\b|\bcannot\b|\bmisleading\b|\bmeaningless\b|\barbitrar\w+|"
    r"\b(?:un)?identifiab\w+|\btranslation\w*|\binvarian\w+|(?<!\\)\bcent(?:er|re|r)(?:ed|ing)\b|"
    r"\bnaive theory\b|\bprobability[- ]equivalent\b|\bequivalent models?\b|"
    r"\bwe test whether\b|\bnull results?\b|\bfails? to\b|\bfallac\w+|\bill-defined\b|\brefut\w+|"
    r"\bcounterexample\w*|\bdebunk\w*|\bflag(?:s|ged|ging)?\b|"
    # a warning about the reading: "it is tempting to conclude …", "a pitfall", "an artefact of the parametrisation"
    r"\btempting\b|\bpitfalls?\b|\bbeware\b|\bspurious\b|\barte?[fi]acts?\b|"
    # "a fundamental limitation of using cosine similarity to infer probabilities", "is unwarranted"
    r"\blimitations? of (?:using|relying on|reading)\b|\bunwarranted\b|\bunreliab\w+|"
    # the same denials in Chinese notes ("…都是 probe，不是独立的语义 ground truth"): no word boundaries there
    r"不是|并非|並非|不能|无法|無法|不代表|未必)",
    _I,
)
HEDGE = re.compile(
    r"\b(hypothes\w+|may|might|could|perhaps|possibly|speculat\w+|conjectur\w+|suggests?|"
    r"tentative\w*|"
    r"we expect|would)\b",
    _I,
)
SECTION_REFUTE = re.compile(
    r"\bnaive theory\b|\bwe test whether\b|\bnull results?\b|\brefut\w+|\bdebunk\w*|"
    r"\bcounterexample\w*|"
    r"\bnot identifiable\b|\bunidentifiable\b|translation[- ]invarian\w+|\bdoes not hold\b",
    _I,
)
CAVEAT = re.compile(
    r"translation|invarian\w+|(?<!\\)\bcent(?:er|re|r)(?:ed|ing)\b|identifiab\w+|"
    r"differences? of (?:the )?(?:rows|unembedding\w*|"
    r"label|class)|"
    # the geometry "is not a property of the model / not meaningful": not "i and j are not informative of
    # the class indices", which speaks of something else
    r"\b(?:cos(?:ines?)?|angles?|similarit(?:y|ies)|geometry|distances?|numbers?|values?)\b[^.;]{0,80}?"
    r"\bnot (?:a property|meaningful|informative)|"
    # the angle is not what the head reads: "not a nearest-direction classifier", "should not mean
    # nearest by angle", "dot products, which combine direction with length"
    r"\bnot (?:a |the )?(?:\w+ )?nearest[- ](?:direction|angle)|\bnot mean nearest|nearest by (?:angle|cosine) is not|"
    r"\bdirection with (?:\w+[- ])*(?:length|norm)s?\b|\bnot (?:the )?readout\b",
    _I,
)
# a sentence whose cosines are whitened by the unembedding's own covariance (Park et al.'s causal
# inner product): centred over the labels and invariant to invertible maps of the hidden space, as
# COS111 is for code. Only the sentence itself counts: a section may mention whitening elsewhere.
WHITENED = re.compile(r"\bwhiten\w*|covariance[- ](?:transform\w*|metric|whiten\w*)|causal inner product", _I)
# A sentence about the cosine neighbours of tokens / classes whose own subject is generic ("see a
# token's nearest neighbours by cosine similarity": a neighbour word and "cosine"), in a document
# (not a section: a README lists its models elsewhere) that names the output
# embeddings / LM head as what it explores: the document's subject is the sentence's.
NEIGHBOURS = re.compile(r"\b(?:k-?)?nearest[- ]neighbou?rs?\b|\bk-?nn\b|\bneighbou?rs?\b", _I)
# a claim that labels are alike in meaning ("similar meanings", "synonyms", "semantically related")
SEMANTIC_CLAIM = re.compile(
    r"\b(?:similar|close|related) meanings?\b|\bsynonym\w*|\bsemantic(?:ally)? (?:related|similar|close)\b", _I
)
# a sentence that names some embedding speaks of that embedding, not of the document's head
EMBEDDING_WORD = re.compile(r"\bembedd?ings?\b|\bvectors? space\b|\bhidden\b|\bactivations?\b", _I)
COSINE_WORD = re.compile(r"\bcos(?:ines?|-?sim)\b" + _NOT_A_SCHEDULE, _I)
OTHER_SUBJECT = re.compile(
    r"\binput[- ]embeddings?\b|\bword2vec\b|\bglove\b|\bsentence[- ](?:embeddings?|transformers?)\b|\bclip\b|"
    r"\bimages?\b|\bdocuments?\b|\bsteering\b|\bprobes?\b|\bfeatures?\b",
    _I,
)
# a relation measured by a measure defined elsewhere ("its nearest classes under that distance"):
# its operands are the ones the section defined it on
ANAPHORIC_MEASURE = re.compile(
    r"\b(?:under|by|with|using) (?:that|this|the same|such an?) (?:distance|metric|measure|similarity)\b", _I
)
# the head as a map that vectors pass through, with an optional gloss: "through W_U (unembedding)"
MAP_USE = re.compile(r"\b(?:through|via)\s+(?:the\s+)?(?:" + SUBJECT.pattern + r")(?:\s*\([^()]*\))?", _I)
# logits are dot products with head rows: a sentence about computing them is the forward pass
# (also the readout's own words: a label "wins by dot product", the model "reads answers using dot products")
FORWARD = re.compile(
    r"\blogits?\b|\blogit-\w+|\b(?:wins?|won|winning)\b|\bread[- ]?out\b|\breads? (?:\w+ )?(?:using|by)\b|"
    r"\bapply (?:the |a )?softmax\b",
    _I,
)
_LOGIT_WORD = re.compile(r"\blogits?\b", _I)
PRODUCT = re.compile(r"^(?:dot|inner) products?$", _I)
# a cosine classifier's forward pass in words: "whose logits are (scaled) cosines", "logits = cosine similarity"
COSINE_LOGITS = re.compile(
    r"\blogits? (?:are|is|=|equals?) (?:the )?(?:[\w-]+ )?cos(?:ines?|ine similarit(?:y|ies))\b"
    # "a ViT with a cosine head", "our cosine classifier": the model itself normalises its rows
    r"|\bcosine[- ](?:head|classifier|softmax|layer|normali[sz]ation|linear (?:head|layer|classifier))s?\b"
    # a model that keeps its rows on the unit sphere itself ("rows constrained to unit norm")
    r"|\b(?:constrained|fixed|kept|projected) (?:to|on(?:to)?) (?:the )?unit[- ](?:norm|length|sphere)\b"
    # "classify the pre-logits by cosine to the class prototypes": the prediction itself is the cosine
    r"|\bclassif(?:y|ies|ied|ying)\b[^.;]{0,80}?\bby (?:the |their |a |(?:scaled|temperature[- ]scaled) )*cosines?\b",
    _I,
)
# margin losses of cosine classifiers: the model normalises its rows itself, and trains their angles
MARGIN_LOSS = re.compile(
    r"\b(?:ArcFace|CosFace|SphereFace|NormFace|AM-?Softmax|A-Softmax)\b"
    r"|\b(?:additive|large)[- ](?:angular|cosine)[- ]margin\b",
    _I,
)
SIGMOID = re.compile(r"\b(sigmoid|multi-?label|one-vs-rest|binary cross-entropy)\b", _I)
FORMULA = re.compile(
    r"\\cos\b|\\arccos\b|\\(?:operatorname|mathrm|text)\{cos(?:ine)?\}|"
    r"\\frac\s*\{[^{}]*(?:\\top|\^\s*\{?\s*T\s*\}?|\\cdot|\\langle)[^{}]*\}\s*\{[^{}]*\\(?:\||"
    r"lVert|Vert)"
)
# a cosine lens written as code in prose (`scores = normalize(router) @ normalize(unembed.T)`): unit vectors
# against the unit rows of the head, even inside an inline code span
CODE_FORMULA = re.compile(
    r"normali[sz]e\([^()]*\)\s*@\s*(?:\w+\.)?normali[sz]e\(\s*(?:unembed\w*|W_U|lm_head\w*|output_embed\w*)\b"
)
# plain `cos(u_a, u_b)` counts only in math (a display block or between $…$)
FORMULA_PLAIN = re.compile(r"\bcos\s*\(\s*[uwγ]")
FORMULA_SUBJECT = re.compile(
    r"\\gamma|W_\{?U|unembed|u_\{?[ijaby]|w_\{?[ijaby]|\\mathbf\s*\{?[uvw]", _I
)

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
        if _LOGIT_WORD.search(text) or OTHER_OPERAND.search(text) or _found(MARGIN_LOSS, section_text):
            continue
        args = COS_ARGS.findall(text)
        # `\cos(...)` written out: its own arguments must name the head (`\gamma_\ell(\omega)` elsewhere
        # on the line is a damping rate, not Park et al.'s unembedding)
        named = any(FORMULA_SUBJECT.search(a) for a in args) if args else FORMULA_SUBJECT.search(text)
        own = named or _takes_head(text, heads)
        # a subject from the section only: the formula itself must compare two vectors
        subject = own or (_found(SUBJECT, section_text) and _between_vectors(text))
        if subject and not _found(CAVEAT, section_text):
            hits.append(ProseHit("COS203", line, m.start() + 1, cell, text.strip()))
    return hits


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
    labels_or_layer = LABEL_WORDS.search(text) or OUTPUT_LAYER_WORDS.search(text)
    if SUBJECT.search(text) or (WEIGHT_SUBJECT.search(text) and labels_or_layer):
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
    r"(?:class(?:es)?|labels?|tokens?|words?|categor(?:y|ies))\b",
    _I,
)


def _first_relation(text: str) -> re.Match[str] | None:
    """The sentence's relation, a cosine first: "apply this alignment to the classifier vectors, then
    take the cosine similarity" reports the cosine, not the alignment of the features before it."""
    found = list(RELATION.finditer(text))
    return next((m for m in found if COSINE_WORD.search(m.group(0))), found[0] if found else None)


def _forward_pass(text: str) -> bool:
    """Only dot / inner products, in a sentence about logits, or logits that are cosines (a cosine
    classifier): the forward pass, not geometry."""
    if COSINE_LOGITS.search(text):
        return True
    rels = [m.group(0) for m in RELATION.finditer(text)]
    return bool(FORWARD.search(text)) and all(PRODUCT.match(r) for r in rels)


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
    follows ("compute cosine distance with the other classes") compares those rows (COS202)."""
    rel = _first_relation(s.text) or ANALOGY.search(s.text)
    if not rel or REFUTE.search(s.text) or OTHER_OPERAND.search(s.text) or _others_closeness(s.text):
        return None
    own_subject = _subject(s, document_subject)
    if own_subject and _apart(s.text):
        return None
    cosine_alone = bool(COSINE_WORD.search(s.text)) and not OTHER_SUBJECT.search(s.text)
    # a cosine of labels with each other ("then compute the cosine distance with the other classes"),
    # in a paragraph that named the head's rows before: the rows it compares are those
    compares_labels = head_before and cosine_alone and bool(_BETWEEN_LABELS.search(s.text))
    if not own_subject and not (carried and cosine_alone) and not compares_labels:
        return None
    if WHITENED.search(s.text) or _only_distance(s.text) or _HYPOTHETICAL.search(s.text) or _trigonometric(s.text):
        return None
    if _forward_pass(s.text):
        return None
    if ANAPHORIC_MEASURE.search(s.text) and _found(OTHER_OPERAND, section_text):
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
    if caveat or _found(CAVEAT, section_text):
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


def analyse_prose(
    paragraphs: list[Paragraph], code_prose: list[Paragraph] | None = None, code_centres: bool = False
) -> list[ProseHit]:
    """COS201/COS202/COS203 candidates in these paragraphs (before selection and suppression).
    `code_prose`: docstrings and printed text of the code; they take no subject from the document.
    `code_centres`: the code centres the rows over the labels, a caveat for its own prose."""
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
    for n, par in enumerate(every):
        section_text = by_section.get(par.section, "")
        if sigmoid[par.section]:
            continue
        section_refutes = refutes[par.section]
        if not section_refutes:
            hits += _formula_hits(par, section_text, heads)
        if par.math:
            continue
        own = n < len(paragraphs)
        caveat = bool(CAVEAT.search(" ".join(t for t, _, _ in par.lines))) or (code_centres and not own)
        carried = head_before = False
        subject = document_subject and own
        for s in sentences(par):
            hit = _sentence_hit(s, section_text, section_refutes, subject, caveat, carried, head_before)
            if hit is not None:
                hits.append(hit)
            carried = bool(SUBJECT.search(MAP_USE.sub(" ", s.text)))
            head_before = head_before or carried
    return hits
