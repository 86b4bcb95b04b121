"""The cues of prose claims: the regular expressions that name label representations (`SUBJECT`),
a geometric relation between them (`RELATION`), what is read into it (`CLAIM`, `CAUSAL`), and what
takes a sentence out (`OTHER_OPERAND`, `REFUTE`, `CAVEAT`, margin losses, formulas of other things).
`prose.py` applies them to sentences."""

from __future__ import annotations

import re

from cosaudit.lint.patterns import TIED_POSITION_FAMILIES

_I = re.IGNORECASE
# a cosine written out on two operands in running text or a table: "cos(topic, answer) in W_U"
_WRITTEN_COSINE = r"cos\((?=[^()]{1,60},[^()]{1,60}\))"
# "cosine" in a learning-rate schedule ("cosine annealing", "a cosine learning rate schedule", "cosine decay")
_NOT_A_SCHEDULE = r"(?![- ](?:annealing|anneal|schedul\w*|decay|warm-?up|learning[- ]rates?|lr\b|restarts?))"
# the token table of a model that ties it to the head and adds learned positions beside it (GPT-2,
# BERT, OPT): its rows are the head's rows. Named as a table, an input or static embedding only:
# "BERT embeddings" alone are most often contextual hidden states.
_TIED_MODEL = (
    r"(?:" + "|".join(TIED_POSITION_FAMILIES) + r"|nanoGPT|minGPT|XLM-R|OPT|Whisper's decoder)"
    r"(?:[- ](?:small|base|large|medium|xl|cased|uncased))*(?:'s|’s| ?的)?"
)
# decoders that tie their token table to the head beside learned positions (OPT only in a table's name:
# "opt" is also a word)
_DECODER_NAMES = r"GPT-?2|distilGPT-?2|GPT-?Neo|nanoGPT|minGPT"
_TIED_DECODER = r"(?:" + _DECODER_NAMES + r"|OPT)(?:[- ](?:small|medium|large|xl|\d+M))*(?:'s|’s)?"
_TIED_TABLE = (
    _TIED_MODEL + r" (?:(?:pre-?trained|static|input|token|word(?:-?piece)?|vocabulary) ){0,3}"
    r"(?:(?:embedding|vocabulary) (?:matrix|table|lookup)|lookup table|input embeddings?|static embeddings?|wte\b)|"
    r"(?:token|word|input|static) embedding (?:matrix|table) of (?:the )?" + _TIED_MODEL + r"|"
    # a decoder's "token embeddings" are its table (an encoder's are often its contextual outputs)
    + _TIED_DECODER + r" (?:token|word) embeddings?|(?:token|word) embeddings? (?:of|in|from) (?:the )?" + _TIED_DECODER
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
    r"rows? (?:of|in) the (?:head|(?:linear |softmax |final |last )?classifier(?: head)?|"
    r"output (?:layer|matrix|weight matrix|projection)|softmax layer)|"
    # "the class embeddings learned by the softmax layer"
    r"(?:class|label) (?:embeddings?|vectors?) (?:learned |kept |stored )?(?:by|in|of|from) the "
    r"(?:softmax|output|last|final|classification|classifier)(?: linear| fully[- ]connected| fc| dense)? "
    r"(?:layer|head)|"
    # "labels whose head vectors are close": the head's rows of those labels (not an attention head's)
    r"(?:labels|classes) whose head (?:vectors?|rows?)|"
    # "each row of the final fully connected layer" (not "a row of the final layer's output")
    r"rows? (?:of|in) the (?:(?:final|last|classification)(?: linear| fully[- ]connected| fc| dense)?|fc) "
    r"(?:layer|head)(?!(?:'|’)s (?:outputs?|activations?|features?|inputs?))|"
    r"token vectors? of the output|"
    # a neuroscience reading of the same rows: "the incoming weights of output neuron i", "the output
    # units' input weights"
    r"(?:incoming|input|afferent) weights? (?:vectors? )?of (?:the |an |each |two )?output (?:neurons?|units?|nodes?)|"
    r"output (?:neurons?|units?|nodes?)(?:'|’)?(?:s|’s|'s)? (?:incoming|input|afferent) weights?(?: vectors?)?|"
    r"weight space of the (?:fc|final|last|output|classifier|classification|softmax)"
    r"(?: linear| fully[- ]connected)? layer|"
    # other names of the same rows: softmax / readout weights, classifier rows, the output token table
    r"softmax(?:[- ]layer)? (?:weights?|rows?|vectors?)(?: vectors?)?|read-?out (?:weights?|rows?|vectors?|units?)|"
    r"classifier (?:rows?|weight rows?|weight vectors?)|output (?:token|word) (?:vectors?|embeddings?)|"
    r"output (?:dictionar(?:y|ies)|vocabulary (?:matrix|vectors?)|(?:embedding |token )?tables?))\b|\\gamma\(",
    _I,
)
# "weight vectors" / "weights" name label representations when the sentence is about classes,
# labels or tokens ("classes with high cosine similarity between their weight vectors")
WEIGHT_SUBJECT = re.compile(
    r"\b(weight vectors?|(?:final|last)[- ]layer (?:rows|vectors?)|weights? rows?|output (?:token )?rows|"
    # "'cat' and 'tiger' are similar: the cosine between their weights is 0.9", of a classifier's classes
    r"(?<=between )their weights|(?:row-?|unit-?)?normali[sz]ed (?:weights|weight rows))\b|"
    # a weight vector indexed by a class's name in math: `$w_{\text{cat}}$`, `$\mathbf{w}_{dog}$`
    r"\$\s*\\?(?:mathbf\{|bm\{|boldsymbol\{)?(?-i:w)\}?_\{?(?:\\(?:text|mathrm)\{)?"
    r"(?!(?:init|old|new|hid|emb|enc|dec|ij|ji)\b)[A-Za-z]{3,}",
    _I,
)
LABEL_WORDS = re.compile(
    r"\b(class(?:es)?|classifiers?|labels?|categor(?:y|ies)|tokens?|words?)\b|"
    # two labels named in quotes: "the weight vectors of 'cat' and 'dog'" (not layers: 'conv1', 'fc2')
    r"\b(?:of|for|between) ['\"“‘](?![^'\"”’]*(?:conv|layer|fc\d|bn\d|attn|block|norm|proj|mlp|encoder|decoder))"
    r"[^'\"”’]{1,30}['\"”’] and ['\"“‘]",
    _I,
)
# "weight vectors" in a sentence about the output layer ("Looking at the final layer, the weight vectors
# for 'truck' and 'automobile' point the same way") are that layer's rows
OUTPUT_LAYER_WORDS = re.compile(
    r"\b(?:final|last|output|softmax|classification)(?: linear| fully[- ]connected| fc| dense)? layer\b", _I
)
RELATION = re.compile(
    r"\b(cosines?" + _NOT_A_SCHEDULE + "|"
    r"cosine similarit(?:y|ies)|cos-?sim|angles?|angular|"
    # not sequences lined up ("hidden states aligned to the completion tokens, before the `lm_head`")
    # nor the part of a vector along one row ("signal = the component aligned with the unembedding
    # direction of the target": a projection)
    r"(?<!components )(?<!component )"
    r"aligned(?! (?:to|with) (?:the )?(?:same )?(?:\w+ )?(?:tokens?|positions?|sequences?|inputs?|timesteps?|"
    r"frames?|indices|batch(?:es)?)\b)|"
    + _WRITTEN_COSINE
    + "|"
    # "alignment between/with …", "unembedding alignment"; not a name ("Alignment Science")
    r"alignment (?:between|with|of|to)|(?<=unembedding )alignment|"
    # "Unembedding similarity", "classifier weight similarity" (a heading over a table of cosines)
    r"similarit(?:y|ies)(?:(?<=unembedding similarity)|(?<=unembedding similarities)|(?<=embedding similarity)|"
    r"(?<=weight similarity)|(?<=head similarity)|(?<=row similarity)|(?<=vector similarity))(?! search)|"
    r"point(?:s|ing)? (?:\w+ )?"
    r"(?:in )?the same (?:way|direction)|close(?:r|st)? (?:to|in)|nearest|neighbou?rs?|"
    r"point(?:s|ing)? (?:in )?(?:nearly |roughly |almost |approximately |about )?(?:the same|similar|opposite) "
    r"(?:ways?|directions?)|"
    r"(?:nearly|almost|roughly|approximately|close to) (?:anti-?)?parallel|parallel (?:to|with)|anti-?parallel|"
    r"close(?:r|st)? together|cluster(?:s|ed)? (?:together|by)|"
    # rows that collapse onto one direction ("the rare classes' rows fold onto almost the same direction")
    r"(?:fold|fall|collapse)(?:s|ed|ing)? onto (?:each other|one another|(?:almost |nearly |roughly )?the same "
    r"(?:direction|line|point))|(?:squeezed|pushed|packed|pulled|drawn) together|"
    # "the rows of the output layer for happy and joy are close"
    r"(?:are|is|sit|lie|remain|stay) (?:very |quite |fairly |really )?close(?:r|st)?(?= *(?:[,.;:]|$|and\b|so\b))|"
    r"similar directions?|"
    r"shares? (?:a )?subspace|entangle(?:d|ment)|"
    # "orthogonal" as a relation, not linear algebra's "orthogonal projection / complement / basis"
    r"orthogonal(?! (?:projections?|complements?|basis|bases|matri(?:x|ces)|group))|"
    r"geometric(?:al)? proximity|hypersphere|"
    # a Pearson correlation of two rows is their cosine after centring each row over its own entries
    # (rows correlated with each other, not with a count: "weight norms correlated with class frequency")
    r"(?:anti-?|un)?correlated(?! with (?!each other|one another|(?:that|those) of))|"
    r"correlations? (?:between|among) (?:the |their )?(?:rows|weight vectors|weights)|"
    # the mean pairwise cosine of the rows ("the output embeddings are extremely anisotropic")
    r"(?:an)?isotrop(?:y|ic|ically)|narrow[- ]cone|"
    # word-similarity benchmarks score a table by the cosines of its rows against human judgements
    r"word[- ]similarity (?:benchmarks?|tasks?|datasets?|evaluations?)|"
    r"dot products?|inner products?|most similar|similar (?:[\w-]+ ){0,2}?(?:vectors|rows|representations|weights|"
    r"unembeddings|output embeddings)|"
    r"similarit(?:y|ies) (?:of|between) (?:the |their |two |each pair of )?(?:rows|vectors|weights)|"
    r"group(?:s|ed)? together|"
    r"form(?:s|ing)? (?:a |an )?(?:[\w-]+ )?clusters?|(?:identical|same|similar|close) in (?:direction|angle)|"
    r"(?:rows|vectors|weights|embeddings) (?:are|look|stay) (?:\w+ )?similar|"
    r"nearby|near each other|similar to (?:each other|one another)|"
    # "the similarity matrix of the fc layer's rows"
    r"similarity (?:matri(?:x|ces)|heat-?maps?) (?:of|between|for)|class[- ]similarity matri(?:x|ces)|"
    r"proximity)\b",
    _I,
)
# labels the model cannot separate: "so the head can no longer tell them apart", "hard to distinguish",
# "indistinguishable to the model"
_CONFUSABLE = (
    r"(?:(?:hard(?:er)?|difficult|impossible) to|no longer|cannot|can ?not|can't|unable to) "
    r"(?:tell (?:\w+ ){0,3}apart|distinguish|separate|discriminate)|indistinguishab\w+"
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
    r"(?:raises?|lifts?|boosts?|increases?) the (?:other|second)|" + _CONFUSABLE + r")\b",
    _I,
)
# the denial inside a claim of confusability ("can no longer tell them apart") is the claim, not a refutation
CONFUSABLE = re.compile(_CONFUSABLE, _I)
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
    # directions made of activations ("differences of mean activations": steering vectors)
    r"\bdifferences? (?:of|in|between) (?:the )?mean activations?\b|"
    # the nearest-class-mean classifier (NCM) and "the average class representation" are feature means
    r"\bnearest[- ]class(?:ifier)?[- ]means?\b|\bNCM\b|\b(?:average|mean) class representations?\b|"
    # neighbours among the data, not among the rows ("instead of a nearest-neighbour search over training
    # instances", as metric-learning and imprinting abstracts contrast them)
    r"\bnearest[- ]neighbou?rs?(?: (?:search|distances?|lookup|retrieval|classifiers?))? (?:over|to|among|of) "
    r"(?:the )?(?:[\w-]+ ){0,2}?(?:instances|examples|samples|images|data ?points)\b|"
    r"\b(?:with|and|to|between) (?:the |a |an |each |every )?(?:[\w-]+ ){0,2}?"
    r"(?:query|hidden[- ]state|residual|activation|steering|input|features?\b|latents?\b|"
    # the data themselves ("the base weight vectors most similar to the few training examples")
    r"(?:training|support|labell?ed) (?:examples|samples|images|instances)\b|"
    # output distributions and logit vectors compared with each other, not the rows
    r"probability distributions?\b|output distributions?\b|logit vectors?\b)\w*|"
    # the same pair the other way round: "both the feature and the last layer's weights are normalised"
    r"\b(?:both )?(?:the |a |an |each )(?:input |query |hidden )?features? (?:vectors? )?and (?:the |its |their |a )|"
    # a steering vector, a probe direction or a latent is compared, or an axis between two rows
    r"\bsteering[- ](?:vectors?|directions?)\b|\bprobe[- ](?:vectors?|directions?)\b|\blatents?\b|"
    # one task's vector read through the head ("the words whose unembedding vectors have the highest dot
    # product with the function vector"): its logits, a logit lens
    r"\b(?:function|task|concept|control|style|context|random|truth|refusal|sentiment|honesty|contrastive)"
    r"[- ](?:vectors?|directions?|dir)\b|"
    # a state's "direct alignment with the unembedding": its logits (direct logit attribution, a logit lens),
    # not the rows' geometry (a heading "Alignment with the unembedding" may be a cosine lens)
    r"\bdirect alignment (?:with|to) (?:the )?(?:unembedding|W_U|lm_head|LM head|output[- ]embeddings?)"
    r"(?: matrix| space)?\b(?! (?:rows?|vectors?|columns?) (?:of|for)\b)|"
    # attention's products of queries and keys ("the dot product between the Q and K representations
    # forms the attention matrix"), not of the head's rows
    r"\b(?:between|of) (?:the )?(?:Q|queries|query vectors?) and (?:the )?(?:K|keys|key vectors?)\b|"
    r"\battention (?:matri(?:x|ces)|scores?|patterns?|logits)\b|"
    # an attention head's OV output compared with a direction
    r"\bOV (?:outputs?|circuits?|vectors?)\b|"

    r"\b(?:un)?embedding (?:axis|axes)\b|"
    # "the sum-unembedding dot products": a vector's products with each row, i.e. its logits
    r"\b(?:sum|write|residual|hidden|query|activation|state|steering|feature)s?[- ](?:un)?embedding "
    r"(?:dot|inner) products?",
    _I,
)
# a difference of two rows written out (`WU[" true"] - WU[" false"]`): a logit-difference direction, the
# other operand. Apart from OTHER_OPERAND: a branch that starts at any word character would make that
# alternation three times slower on long pages
# ... or named as a direction ("the she-he unembedding direction", "the true-false logit axis")
ROW_DIFFERENCE = re.compile(
    r"\w\[[^\[\]]{1,40}\]\s*[-−]\s*\w+\[|\w[-–]\w+ (?:unembedding|logit|output|label) (?:directions?|axis)\b", re.I
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
# a tied decoder named anywhere in the sentence of its token table ("In GPT-2, tokens with similar
# meanings have token embeddings with high cosine similarity"): the table is the head's rows
TIED_DECODER_TABLE = re.compile(
    r"\b(?:" + _DECODER_NAMES + r")\b(?=.*\b(?:token|word) embeddings?\b)"
    # not its contextual outputs ("the contextual token embeddings of the last layer")
    r"(?!.*\b(?:contextual\w*|hidden|activations?|layers? \d+|last layer|final layer|intermediate)\b)",
    _I,
)
# a sentence that names some embedding speaks of that embedding, not of the document's head
EMBEDDING_WORD = re.compile(r"\bembedd?ings?\b|\bvectors? space\b|\bhidden\b|\bactivations?\b", _I)
COSINE_WORD = re.compile(r"\bcos(?:ines?|-?sim)\b" + _NOT_A_SCHEDULE + r"|\b" + _WRITTEN_COSINE, _I)
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
# ... or one that a lens goes around ("a cosine-distance lens that bypasses lm_head"): not used at all
MAP_USE = re.compile(
    r"\b(?:through|via|bypass(?:es|ing|ed)?|skip(?:s|ping|ped)?|without (?:going through |using )?)\s+(?:the\s+)?"
    r"(?:" + SUBJECT.pattern + r")(?:\s*\([^()]*\))?",
    _I,
)
# logits are dot products with head rows: a sentence about computing them is the forward pass
# (also the readout's own words: a label "wins by dot product", the model "reads answers using dot products")
FORWARD = re.compile(
    r"\blogits?\b|\blogit-\w+|\b(?:wins?|won|winning)\b|\bread[- ]?out\b|\breads? (?:\w+ )?(?:using|by)\b|"
    r"\bapply (?:the |a )?softmax\b",
    _I,
)
# "tokens whose unembedding has the largest dot product with vec": every row against one vector, a lens
# ranked as logits are, whatever the sentence calls the tokens it lists ("the most similar tokens")
DOT_WITH_VECTOR = re.compile(
    r"\b(?:dot|inner) products? with (?:the |a |an |this |that |each |every |a given )?"
    r"(?:(?:input|query|hidden|residual|neuron|single|given)[- ])?(?:vec|vectors?|v|x|h|directions?)\b"
    # "compute dot product with unembedding weights": something else (a neuron, a state) against the
    # whole head, not its rows with each other ("... with the unembedding of 'dog'" compares two)
    r"|\b(?:dot|inner) products? with (?:the )?(?:unembedding|W_U|lm_head|output[- ]embedding|LM head)"
    r"(?:[- ](?:weights?|matrix))?\b(?!\s+(?:rows? )?(?:of|for)\b)",
    _I,
)
LOGIT_WORD = re.compile(r"\blogits?\b", _I)
PRODUCT = re.compile(r"^(?:dot|inner) products?$", _I)
# a cosine classifier's forward pass in words: "whose logits are (scaled) cosines", "logits = cosine similarity"
COSINE_LOGITS = re.compile(
    r"\blogits? (?:are|is|=|equals?|becomes?) (?:the )?(?:[\w-]+ )?cos(?:ines?|ine similarit(?:y|ies))\b"
    # "a ViT with a cosine head", "our cosine classifier": the model itself normalises its rows
    r"|\bcosine[- ](?:head|classifier|softmax|layer|normali[sz]ation|linear (?:head|layer|classifier))s?\b"
    # a model that keeps its rows on the unit sphere itself ("rows constrained to unit norm")
    r"|\b(?:constrained|fixed|kept|projected) (?:to|on(?:to)?|at) (?:the )?unit[- ](?:norm|length|sphere)\b"
    # or at angles it prescribes: "an Orthogonal Softmax Layer that enforces orthogonality of weight vectors",
    # "makes the weight vectors in the classification layer remain orthogonal" (a design, not a finding)
    r"|\borthogonal (?:softmax|classification|classifier) (?:layer|head)s?\b"
    r"|\b(?:makes?|keeps?|forces?|constrains?|enforces?|ensures?)\b[^.;]{0,80}?"
    r"\b(?:(?:remain|stay|to be|be) )?(?:mutually )?orthogon(?:al|ality)\b"
    # "per-token scales turn the resulting cosines into logits", "cosines used as logits"
    r"|\bcosines? (?:into|as|are used as|serve as) (?:the )?logits\b"
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
    # `u_i`, `w_a` on their own (not the tail of `\mu_i`); lower case: a row vector, where `W_i` is a matrix (an
    # attention head's OV weights), and `\mathbf{w}` not indexed by a head `h`
    r"\\gamma|W_\{?U|unembed|(?<![A-Za-z])(?-i:[uU]_\{?[ijaby]|w_\{?[ijaby])"
    r"|\\mathbf\s*(?:\{[uvw]\}|[uvw])(?!_\{?h)",
    _I,
)
