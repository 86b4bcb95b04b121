"""Names of label-representation sources, similarity sinks and what follows them.

Plain data: the taint analysis (`taint.py`) consults these tables. Source patterns are matched
against an access path such as `model.lm_head.weight`, `sd.fc.weight` (for `sd['fc.weight']`)
or `model.get_output_embeddings().weight`.
"""

from __future__ import annotations

import re

# (kind, orientation of the label axis, patterns on the access path); the first match wins
#   kind "label": rows/columns of a softmax head; "input": an input-embedding accessor
#   orientation "rows": [V, d] (label = axis 0), "cols": [d, V] (TransformerLens W_U, Keras kernels)
_SOURCE_GROUPS: list[tuple[str, str, list[str]]] = [
    (
        "label",
        "rows",
        [
            r"(^|\.)_?lm_head\.weight$",
            r"(^|\.)lm_head\.decoder\.weight$",
            r"get_output_embeddings\(\)\.weight$",
            r"(^|\.)embed_out\.weight$",
            # a model's own `self.unembed = nn.Linear(d_model, d_vocab)`
            r"(^|\.)(unembed|unembedding|output_embeddings?)(?:_module|_layer)?\.weight$",
            r"(^|\.)cls\.predictions\.decoder\.weight$",
            r"(^|\.)generator_lm_head\.weight$",
            r"(^|\.)pred_layer\.proj\.weight$",
            r"(^|\.)(?:decoder\.)?output_projection\.weight$",  # fairseq's decoders: the softmax projection
            r"(^|\.)fc\.weight$",
            # a classifier named for its role: class-balanced `fc_cb`, `fc_out`, `fc_cls` (not `fc_mu`, `fc_1`)
            r"(^|\.)fc_(?:cb|out|cls|final|logits?|classifier|class(?:es)?|head|last)\.weight$",
            r"(^|\.)classifier(\[-1\])?\.weight$",
            # torchvision's Sequential classifiers, by the index of their last Linear: MobileNetV2 /
            # EfficientNet `classifier.1`, ConvNeXt `classifier.2`, VGG / AlexNet `classifier.6` (VGG's
            # `classifier.3` and MobileNetV3's `classifier.0` are hidden layers)
            r"(^|\.)classifier(?:\.[126]|\[[126]\])\.weight$",
            r"(^|\.)(fc|head|mlp_head)\[-1\]\.weight$",  # a Sequential head: its last layer
            r"(^|\.)(output_layer|final_layer|out_layer|classification_layer|cls_layer)\.weight$",  # ChatGLM
            # a head's weight saved under one flat name (`np.savez(p, classifier_weight=W)`, `sd["fc_weight"]`)
            r"(^|\.)(?:fc|classifier|lm_head|unembed(?:ding)?|output_layer)_weights?$",
            r"(^|\.)(state_dict|model|module|ema|net|network)\.(head|output|linear)\.weight$",  # ckpt["net"][…]
            r"(^|\.)classifier\.out_proj\.weight$",  # RoBERTa-style classification heads
            r"(^|\.)score\.weight$",  # *ForSequenceClassification of decoder models
            r"(^|\.)last_linear\.weight$",
            r"(^|\.)head\.fc\.weight$",  # timm
            r"(^|\.)\w*predictor\.weight$",  # action / class predictors
            r"(^|\.)cls_score\.weight$",  # Faster R-CNN / detectron2 box predictor's class scores
            r"(^|\.)\w+_head\.weight$",  # cls_head, class_head, action_head
            r"(^|\.)heads\.head\.weight$",
            r"get_classifier\(\)\.weight$",
            r"^[A-Za-z_]\w*\.(head|linear)\.weight$",  # model.head / CIFAR model.linear
            r"(^|\.)(?:teacher|student|t_net|s_net|tnet|snet)\.(?:head|linear)\.weight$",  # distillation's networks
            r"^(?:[A-Za-z_]\w*\.)?(head|output)\.weight$",  # state-dict keys, GGUF output
            r"(^|\.)\w*probe\w*\.weight$",  # multiclass linear probes
            r"\.(?:children|modules)\(\)\[-1\]\.weight$",  # the last layer, found by walking the model
            # fastai's `cnn_learner` / `vision_learner`: `Sequential(body, head)`, the head ending in its Linear
            r"(?:^|\.)(?:learn|learner)\.model\[(?:1|-1)\]\[-1\]\.weight$",
            # a tensor stored under the unembedding's own name (γ in the linear-representation
            # papers' notation) in a file loaded here: load_file(p)["gamma"], get_tensor("W_U")
            r"(?:load_file|load|safe_open|get_tensor|get_slice|load_state_dict)\(\)\.(?:gamma|unembed\w*)$",
        ],
    ),
    (
        "label",
        "cols",
        [
            r"(^|\.)(unembed\.)?W_U$",
            r"(^|\.)layers\[-1\]\.get_weights\(\)\[0\]$",
            r"(^|\.)layers\[-1\]\.kernel$",
            r"(^|\.)(head|lm_head|classifier|logits|output|out)\.kernel$",
            r"(^|\.)(?:unembed(?:ding)?|lm_head|head|classifier)_kernel$",  # a Flax head's [d, V] kernel kept by name
            # a TF checkpoint's variable of the last dense layer: `teacher["Teacher/fc2/weights"]`,
            # `tf.train.load_variable(ckpt, "final_layer/kernel")`, Keras applications' `predictions/kernel`
            r"(?:^|[/.])(?:fc\d*|logits|classifier|head|softmax|final_layer|output_layer|predictions)/"
            r"(?:weights|kernel)(?::0)?$",
        ],
    ),
    (
        "input",
        "rows",
        [
            r"(^|\.)(transformer\.)?wte\.weight$",
            r"(^|\.)embed_tokens\.weight$",
            # Flax / Haiku tables (`nn.Embed`'s parameter is `embedding`): params["transformer"]["wte"]["embedding"]
            r"(^|\.)(?:wte|embed_tokens|word_embeddings)\.embedding$",
            r"get_input_embeddings\(\)\.weight$",
            r"(^|\.)word_embeddings\.weight$",
            r"(^|\.)token_embd\.weight$",
            r"(^|\.)(embed\.)?W_E$",
            # a model's own token table by its name (`self.token_embedding = nn.Embedding(V, d)`)
            r"(^|\.)(?:token_embeddings?|tok_embeddings?|tok_emb|token_emb)\.weight$",
        ],
    ),
]
# (pattern on the access path, kind, orientation), in the order above
SOURCES: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(p), kind, orient) for kind, orient, pats in _SOURCE_GROUPS for p in pats
]

# one alternation of all source patterns: a cheap pre-filter before the table lookup
ANY_SOURCE = re.compile("|".join(f"(?:{pat.pattern})" for pat, _, _ in SOURCES))

# Unbound variables named like label representations (medium confidence). `class_weights`
# is deliberately absent: it usually means loss re-weighting.
NAME_HINTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^W_U$"), "cols"),
    (
        re.compile(
            r"^(unemb|unembed|unembedding|unembeddings|unembedding_matrix|unembed_matrix|W_unembed)$"
        ),
        "rows",
    ),
    (
        re.compile(
            r"^(lm_head_weights?|output_embeddings?|output_embedding_matrix|classifier_weights?|head_weights?|"
            r"linear_weights?|fc_weights?|W_fc|W_cls|cls_weights?|(?:last|final)_layer_weights?)$"
        ),
        "rows",
    ),
]

# a getter whose name says it returns the head's rows (`model.get_unembedding_matrix()`,
# `net.get_classifier_weights()`): label rows at medium confidence. Input embeddings are not.
HEAD_GETTER = re.compile(
    r"^(?:get|extract|fetch|load|read)_?(?:unembed(?:ding)?s?|unembed(?:ding)?_(?:matrix|weights?)|"
    r"output_embedding_(?:matrix|weights?)|lm_head_weights?|classifier_weights?|class_weights_matrix)\d*$"
    # without a verb only a name that says weights or matrix: a bare `unembed(x)` / `lm_head(h)` gives logits
    r"|^(?:unembed(?:ding)?_(?:matrix|weights?|of)|output_embedding_(?:matrix|weights?)|lm_head_(?:weights?|matrix)|"
    # `output_matrix(model)`, `unembedding_of(model)`: an LM's output matrix by its owner (fastText's
    # `get_output_matrix()` method is judged apart: supervised or not)
    r"classifier_weights?|output_matrix)\d*$"
)

# a function whose name says it takes the maximum cosine of each of many vectors against a fixed
# matrix (`mcs_to_fixed(learned_dict, unembed)`, `max_cosine_sim(atoms, W_U)`): a cosine lens
MAX_COSINE_FN = re.compile(r"^(?:m?mcs|max_?cos(?:ine)?(?:_?sim\w*)?)(?:_|$)", re.I)

# a helper that returns the head *module* (`get_classifier_layer(model)`, `find_lm_head(model)`): its
# `.weight` is the label matrix
HEAD_MODULE_GETTER = re.compile(
    r"^(?:get|find|extract|locate)_?(?:the_)?(?:(?P<lm>lm_head)|classifier|classification_head|cls_head|"
    r"output_layer|last_linear|final_linear|fc)(?:_layer|_module)?$"
)

# a function whose name says it compares classes (`compute_class_similarity_matrix(weights)`,
# `class_sim(fc_weight)`): given the classifier's weight, it computes their pairwise similarities
CLASS_SIM_FN = re.compile(r"(?:^|_)(?:class(?:es)?|cls)_?(?:sim|similarity|similarities|cos|cosine)(?:_|$)", re.I)

ANY_NAME_HINT = re.compile("|".join(f"(?:{pat.pattern})" for pat, _ in NAME_HINTS))

# functions that return their (first) argument's taint unchanged
PROPAGATE_CALLS = {
    "tensor",
    "as_tensor",
    "from_numpy",
    "asarray",
    "array",
    "Tensor",
    "FloatTensor",
    "ascontiguousarray",
    "deepcopy",
    "copy",
    "clone",
    "detach",
    "Parameter",
    "to_numpy",
    "float32",
    "float64",
    "squeeze",
    "device_put",
    "jnp_array",
    "contiguous",
}
PROPAGATE_METHODS = {
    "detach",
    "clone",
    "float",
    "half",
    "double",
    "bfloat16",
    "to",
    "cpu",
    "cuda",
    "numpy",
    "contiguous",
    "type",
    "requires_grad_",
    "squeeze",
    "astype",
    "copy",
    "tolist",
    "detach_",
    "get_value",
    "value",
    "float32",
    "numpy_",
    "asnumpy",
    # a module's mode switches return the module itself (`model.get_input_embeddings().eval()`)
    "eval",
    "train",
}
TRANSPOSE_METHODS = {"t", "transpose", "permute", "swapaxes", "swapdims"}
STACK_CALLS = {"stack", "vstack", "cat", "concatenate", "concat", "row_stack"}
NORMALIZE_CALLS = {"normalize", "l2_normalize", "normalize_L2", "l2norm", "unit_norm"}
NORM_CALLS = {"norm", "vector_norm", "matrix_norm"}
# a norm kept off zero is still the norm: `np.maximum(norms, eps)`, `norms.clamp(min=eps)`, `.clip(1e-8)`
NORM_GUARDS = ("maximum", "fmax", "clamp", "clamp_min", "clip", "clip_by_value")
DOT_CALLS = {"mm", "matmul", "dot", "mv", "inner", "bmm", "vdot", "tensordot", "einsum"}
COSINE_CALLS = {
    "cosine_similarity",
    "pairwise_cosine_similarity",
    "cosine_distances",
    "cos_sim",
    "cosine_sim",
    "cossim",
    "pairwise_cosine",
    "pytorch_cos_sim",
    "cos_similarity",
    "cosine_similarity_matrix",
}
EUCLID_CALLS = {"cdist", "dist", "euclidean", "euclidean_distances", "pairwise_euclidean_distance"}
CLUSTER_CALLS = {
    "linkage",
    "NearestNeighbors",
    "TSNE",
    "UMAP",
    "AgglomerativeClustering",
    "KNeighborsClassifier",
    "clustermap",  # seaborn clusters the rows by `metric=` (Euclidean by default)
    # pynndescent's neighbour graph, built over its first argument (`NNDescent(W, metric="cosine")`)
    "NNDescent",
}
METRIC_CALLS = {"pdist", "cdist", "pairwise_distances"} | CLUSTER_CALLS
ANGLE_CALLS = {"acos", "arccos", "degrees", "rad2deg", "arccos_"}
# ranking / neighbour lists, called as functions or as methods
_RANKINGS = {"topk", "argsort", "sort", "argpartition", "nlargest", "nsmallest", "most_similar"}
DISPLAY_CALLS = _RANKINGS | {
    "imshow",
    "matshow",
    "heatmap",
    "clustermap",
    "pcolormesh",
    "pcolor",
    "dendrogram",
    "linkage",
    "fcluster",
    "savetxt",
    "fit_transform",
    "fit",
    "TSNE",
    "UMAP",
    "AgglomerativeClustering",
    "KMeans",
    # the nearest label itself (`torch.argmax(sims, dim=1)`: decoding vectors to their closest tokens), or
    # the farthest, or the nearest of negated cosines (`torch.argmin(-cos)`, a distance's convention)
    "argmax",
    "argmin",
}
DISPLAY_METHODS = _RANKINGS | {"argmax", "argmin", "sort_values"}
BEHAVIOUR_CALLS = {
    "spearmanr",
    "pearsonr",
    "kendalltau",
    "corrcoef",
    "linregress",
    "ttest_ind",
    "ttest_rel",
    "pointbiserialr",
    "scatter",
    "regplot",
    "lmplot",
    "scatterplot",
    "r2_score",
    "polyfit",
    "corr",
}
SAVE_METHODS = {"to_csv", "to_json", "to_parquet", "savefig"}
# a classification loss that takes scores as logits (`F.cross_entropy(scores, y)`, `self.loss_func(out,
# labels)`, `criterion(logits, target)`, `nn.CrossEntropyLoss()(out, y)`; not `mse_loss`): one vector's
# scores against every unit row trained this way are a cosine classifier's own logits
LOSS_CALL = re.compile(
    r"^(?:criterion\w*|loss_?(?:fn|func|function)?|\w*(?:ce|cls|xent|classification)_?loss\w*|\w*cross_?entropy\w*|"
    r"nll_?loss|log_?softmax)$",
    re.I,
)
WHITEN_NAME = re.compile(r"(cov|whiten|inv_sqrt|sqrt_inv|precision|causal_inner)", re.I)

# a module's own initialiser (`_init_params`, `_initialize_weights`), not a vocabulary transfer that
# initialises new tokens' rows from their similarity to others (`_initialize_missing_embeddings`)
_MODULE_INIT = r"_init(?!\w*(?:missing|new_tok|vocab|token))\w*"
# Functions whose body computes the forward pass or initialises weights: a normalisation of the
# head there is the model, not an interpretation (nGPT, cosine classifiers, weight-norm init).
# (Not `forward_and_adapt`: test-time adaptation's step (Tent, EATA, SAR, UniEnt) calls the model and
# then analyses it, e.g. scoring features by cosine against every row of its `fc`.)
FORWARD_FUNCS = re.compile(
    # (also a module's other passes: `cosine_forward`, `model_forward`, `test_forward`)
    r"^(forward(?!_and_)\w*|\w+_forward|__call__|__init__|_?init_weights|reset_parameters|extra_repr|"
    + _MODULE_INIT
    + r"|setup)$"
    r"|loss|logits"
)
# Of those, the initialisers stay wholly quiet; in a forward pass or a loss, a similarity between
# label rows themselves (an orthogonality penalty on the head, an evaluation that also returns a
# loss) is still reported — it is not part of computing the logits.
INIT_FUNCS = re.compile(r"^(__init__|_?init_weights|reset_parameters|extra_repr|" + _MODULE_INIT + r"|setup)$")

# File-level evidence (regular expressions over the code text)
SIGMOID_EVIDENCE = re.compile(
    r"BCEWithLogitsLoss|binary_cross_entropy_with_logits|MultiLabelSoftMarginLoss|multi_label|multilabel"
    r"|problem_type\s*=\s*['\"]multi_label_classification"
)
# a binary cross-entropy of probabilities (`F.binary_cross_entropy(torch.sigmoid(z), y)`, `nn.BCELoss()`):
# a sigmoid head's, unless the code takes a softmax anywhere (a BCE of a teacher's softmax outputs)
PROBABILITY_BCE = re.compile(r"\bbinary_cross_entropy\(|\bBCELoss\(")
# a softmax, or a loss that takes one (not the binary cross-entropy whose name contains `cross_entropy`)
ANY_SOFTMAX = re.compile(r"softmax|(?<!binary)(?<!binary_)cross_?entropy|\bNLLLoss|nll_loss", re.I)
# a module of the file whose forward returns its layer's scores through a ReLU, a sigmoid or a softplus,
# renormalised by their sum (`p = torch.relu(self.linear(x))` / `return p / p.sum(-1, keepdim=True)`):
# no softmax, so no shared translation of the rows leaves its outputs alone; it counts as a sigmoid
# head does unless the file also takes a softmax
NON_SOFTMAX_READOUT = re.compile(
    r"\b(\w+)\s*=\s*(?:torch\.|F\.)?(?:relu|sigmoid|softplus)\(\s*self\.\w+\(\s*\w+\s*\)\s*\)\s*\n"
    r"\s*return\s+\1\s*/\s*\(?\s*\1\.sum\("
)
SOFTMAX_WORD = re.compile(r"softmax|cross_entropy|CrossEntropy|\bNLLLoss|nll_loss", re.I)
NORMALISED_HEAD_EVIDENCE = re.compile(
    r"ArcFace|CosFace|NormFace|SphereFace|CosineClassifier|ArcMarginProduct|AddMarginProduct|NormedLinear"
    r"|CosineLinear|CosLinear|\bnGPT\b|logit_scale"
    # NormFace written inline, the logits of a module's own layer:
    # `F.linear(F.normalize(x), F.normalize(self.fc.weight))` (an analysis's cosine lens normalises
    # `model.lm_head.weight`, not `self.<layer>.weight`; a Gram `linear(normalize(W), normalize(W))`
    # has the head on both sides)
    r"|\blinear\(\s*(?:[\w.]+\.)?normalize\(\s*(?![\w.]*weight\b)[^()]*(?:\([^()]*\)[^()]*)*\)\s*,"
    r"\s*(?:[\w.]+\.)?normalize\(\s*self\.(?:\w+\.)*weight\b"
    # a head trained on the oblique manifold (pymanopt, every column unit-norm): the translations that
    # keep every column on the sphere (w_y . c = -|c|^2 / 2 for all y) leave its Gram unchanged
    r"|\bOblique\s*\("
)
# a cosine classifier evaluated in the code itself: logits made from a product and a temperature /
# scale (`logits = (features @ weights.t()) * args.temperature`, `logits = s * (f @ w.T)`) in a file
# that normalises the head's weight (`F.normalize(model.linear.weight)`): NormFace's forward pass
# (the factor on the same line, or on a later line that rescales the same name:
# `logits1 = logits1[:, :n] * args.temperature`)
SCALED_LOGITS = re.compile(
    r"^\s*(?P<name>\w*logits?\w*)\s*=(?!=)(?:\s*\[\s*\n)?[^\n]*(?:@|\blinear\(|\bmatmul\(|\bmm\()[^\n]*$",
    re.MULTILINE,
)  # (also the first line of a list of them: `logits = [\n    torch.matmul(h[i], w[i].T) / self.temperature`)
SCALED_LOGITS_FACTOR = re.compile(r"(?:temperature|temp|tau|scale)\b")
NORMALISED_WEIGHT = re.compile(
    r"\bnormalize\(\s*[\w.]*\.weight\b"
    # a copy of the weight normalised in place of itself: `w = self.emb.weight[1:]`, `w = F.normalize(w, dim=-1)`
    r"|^\s*(?P<copy>\w+)\s*=\s*self\.[\w.]*\.weight\b[^\n]*\n(?:[^\n]*\n){0,3}?\s*(?P=copy)\s*=\s*"
    r"(?:F\.|torch\.nn\.functional\.)?normalize\(\s*(?P=copy)\b",
    re.MULTILINE,
)
# the code centres rows over the label axis: `rows - rows.mean(dim=0)`, `W -= W.mean(0, keepdims=True)`
CENTRING_CODE = re.compile(r"\b(\w+)\s*-=?\s*\1\.mean\(\s*(?:(?:dim|axis)\s*=\s*)?0\b")
# the model families whose token table is their head's, with learned absolute positions beside it, as a
# word of a file's name or of prose (`greek_bert_embeddings.txt`, "Whisper's token embedding table"); the
# checkpoint names below spell the same families as the Hub does
TIED_POSITION_FAMILIES = (
    "gpt-?2", "distilgpt-?2", "gpt-?neo", "bert", "distilbert", "roberta", "distilroberta", "xlm-roberta",
    "camembert", "longformer", "albert", "bart", "mbart", "whisper",
)
# one of them as a word of a file's name, not inside another word (`sbert`, a sentence-embedding model)
TIED_FAMILY_WORD = re.compile(r"(?:^|[_.-])(?:" + "|".join(TIED_POSITION_FAMILIES) + r")(?=[_.-]|$)", re.I)

# tied checkpoints by name: with learned absolute position embeddings added to the token rows (design.md:
# the tie is kept by translating the token table and the position table in opposite directions), and
# without them (the equivalent model unties the head)
_TIED_WITH_POSITIONS_NAMES = (
    # any organisation's copy or continued training of these checkpoints (`google-bert/bert-large-uncased`,
    # `dbmdz/bert-base-turkish-cased`), but not a sentence-transformers model, which keeps no LM head
    r"(?:(?!sentence-transformers/)[\w.-]+/)?(?:gpt2|distilgpt2|bert-base|bert-large|roberta-|distilroberta|"
    # the small BERTs (`prajjwal1/bert-tiny`, `google/bert_uncased_L-4_H-256_A-4`)
    r"bert-(?:tiny|mini|small|medium)\b|bert_uncased_L-|"
    r"EleutherAI/gpt-neo|gpt-neo-|distillgpt2|albert-|albert/albert-|distilbert|facebook/opt-|"
    # Whisper's decoder: its token table is the output projection (`proj_out`), beside learned positions
    r"whisper-|"
    # RoBERTa's descendants and BART: an MLM / LM head tied to the token table, learned positions
    r"xlm-roberta-|camembert-|longformer-|bart-|mbart-)"
)
_TIED_WITHOUT_POSITIONS_NAMES = (
    # ESM-2 ties its MLM head to rotary token rows (ESM-1b's learned positions aside)
    r"(?:t5-|google/gemma|gemma-|meta-llama/Llama-3\.2-[13]B|Qwen/Qwen2(?:\.5)?-(?:0\.5|1\.5|3)B|facebook/esm2_)"
)
# a model class of the scan that ties its token rows to its head (`self.transformer.wte.weight =
# self.lm_head.weight`, either way round) and adds learned absolute positions (`wpe = nn.Embedding(...)`)
TIE_ASSIGNMENT = re.compile(
    r"\b(?:wte|tok_emb|token_embedding|embed_tokens|word_embeddings)\.weight\s*=\s*[\w.]*\b(?:lm_head|head|unembed)\.weight"
    r"|\b(?:lm_head|head|unembed)\.weight\s*=\s*[\w.]*\b(?:wte|tok_emb|token_embedding|embed_tokens|word_embeddings)\.weight"
)
LEARNED_POSITIONS = re.compile(
    r"\b(?:wpe|pos_emb|position_embeddings?|pos_embedding)\s*=\s*(?:nn\.)?(?:Embedding|Parameter)\("
)
TIED_POSITIONS_EVIDENCE = re.compile(
    r"GPT2(?:LMHead)?Model|GPTNeo(?:ForCausalLM|Model)|Roberta\w*For\w+|Bert\w*For(?:MaskedLM|PreTraining)|"
    r"Albert\w*For(?:MaskedLM|PreTraining)|Electra\w*ForMaskedLM|OPT(?:ForCausalLM|Model)\b|"
    r"WhisperForConditionalGeneration|(?:M)?Bart(?:ForConditionalGeneration|ForCausalLM)|XLMRoberta\w*ForMaskedLM|"
    # nanoGPT's model.py (GPT with GPTConfig: wte tied to lm_head, learned wpe), as its forks import it
    r"^\s*from\s+(?:[\w.]*\.)?(?:model|nanogpt|nano_gpt)\s+import\s+[^\n]*\bGPTConfig\b|"
    r"['\"]" + _TIED_WITH_POSITIONS_NAMES + "|"
    # the model named by the attribute that holds it: `hybrid.gpt2.transformer.wte`, `model.roberta.embeddings`
    r"\b(?:distil)?gpt2\.(?:transformer\.)?wte\b|\.(?:bert|roberta|distilbert)\.embeddings\.word_embeddings\b",
    re.MULTILINE,
)
# a masked LM loaded by a name the file does not give (`AutoModelForMaskedLM.from_pretrained(name)`):
# BERT, RoBERTa, ALBERT, ELECTRA, XLM-R and their kin tie the MLM head to the token table beside learned
# absolute positions; the masked LMs that do not (DeBERTa's relative positions, rotary ModernBERT, RoFormer
# and the protein model ESM-2) are the exception a file names when it means one
UNNAMED_MASKED_LM = re.compile(r"\bAutoModelForMaskedLM\.from_pretrained\(\s*(?!\s|['\"])")
MASKED_LM_WITHOUT_POSITIONS = re.compile(r"deberta|modernbert|roformer|nomic-bert|mosaic-bert|\besm-?2|esm2_t\d", re.I)
TIE_EVIDENCE = re.compile(
    r"tie_word_embeddings|_tied_weights_keys|data_ptr\(\)|tie_weights\(|"
    rf"['\"](?:{_TIED_WITH_POSITIONS_NAMES}|{_TIED_WITHOUT_POSITIONS_NAMES})"
)
# the checkpoints a file loads by name (`GPT2LMHeadModel.from_pretrained("gpt2")`), tokenizers aside
# (the name a `from_pretrained` call is given as a string, positionally or by keyword)
_FROM_PRETRAINED_NAME = (
    r"\.from_pretrained(?:_no_processing)?\(\s*(?:pretrained_model_name_or_path\s*=\s*)?['\"]([^'\"]+)['\"]"
)
LOADED_CHECKPOINT = re.compile(r"\b(\w+)" + _FROM_PRETRAINED_NAME)
TIED_WITH_POSITIONS = re.compile(_TIED_WITH_POSITIONS_NAMES)
TIED_WITHOUT_POSITIONS = re.compile(_TIED_WITHOUT_POSITIONS_NAMES)
# a variable bound to a checkpoint loaded by name: `t5_model = T5ForConditionalGeneration.from_pretrained(
# "t5-large").to(device)` (group 1 the variable, group 2 the checkpoint)
BOUND_CHECKPOINT = re.compile(
    r"^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)*\w+" + _FROM_PRETRAINED_NAME, re.MULTILINE
)


# a variable bound to a model class's `from_pretrained(...)`, whatever the checkpoint (group 1 the
# variable, group 2 the class): `llama = LlamaForCausalLM.from_pretrained(path)`
BOUND_CLASS = re.compile(r"^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)*(\w+)\.from_pretrained\(", re.MULTILINE)
# model classes whose token table is not a head beside learned positions: tied without positions (the
# equivalent model unties the head), or not tied (rotary models with their own head). The tied ones
# with positions are the file's evidence (`TIED_POSITIONS_EVIDENCE`), as before
_CLASS_TIED_NO_POSITIONS = re.compile(r"^(?:Gemma\d?|T5|MT5|Qwen2)\w*$")
_CLASS_UNTIED = re.compile(r"^(?:Llama|Mistral|Mixtral|GPTJ|GPTNeoX|Falcon|Phi\d?|Olmo\d?|Bloom)\w*$")


def class_tie_kind(cls: str) -> str:
    """"untie" or "none" for a model class whose token table is no head beside learned positions
    (`GemmaForCausalLM`, `LlamaForCausalLM`); "" for any other (`AutoModelForCausalLM`, `GPT2Model`)."""
    if _CLASS_TIED_NO_POSITIONS.match(cls):
        return "untie"
    return "none" if _CLASS_UNTIED.match(cls) else ""


def tie_kind(checkpoint: str) -> str:
    """"positions" for a checkpoint that ties its head to token rows with learned absolute positions
    (GPT-2, BERT), "untie" for one tied without them (T5, Gemma), "" when not known to be tied."""
    if TIED_WITH_POSITIONS.match(checkpoint):
        return "positions"
    return "untie" if TIED_WITHOUT_POSITIONS.match(checkpoint) else ""

# the first part of a call's owner that names a numeric library (`np.dot`, `torch.linalg.norm`),
# not a user's module or object: its functions are known, not helpers judged by their names
NUMERIC_LIBRARIES = frozenset(
    {"np", "numpy", "torch", "math", "cmath", "jnp", "jax", "tf", "F", "nn", "scipy", "sp", "sympy", "mx",
     "linalg", "LA", "la"}
)
