"""Names of label-representation sources, similarity sinks and what follows them.

Plain data: the taint analysis (`taint.py`) consults these tables. Source patterns are matched
against an access path such as `model.lm_head.weight`, `sd.fc.weight` (for `sd['fc.weight']`)
or `model.get_output_embeddings().weight`.
"""

from __future__ import annotations

import re

# (pattern on the access path, kind, orientation of the label axis)
#   kind "label": rows/columns of a softmax head; "input": an input-embedding accessor
#   orientation "rows": [V, d] (label = axis 0), "cols": [d, V] (TransformerLens W_U, Keras kernels)
SOURCES: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(p), kind, orient)
    for p, kind, orient in [
        (r"(^|\.)_?lm_head\.weight$", "label", "rows"),
        (r"(^|\.)lm_head\.decoder\.weight$", "label", "rows"),
        (r"get_output_embeddings\(\)\.weight$", "label", "rows"),
        (r"(^|\.)embed_out\.weight$", "label", "rows"),
        (r"(^|\.)cls\.predictions\.decoder\.weight$", "label", "rows"),
        (r"(^|\.)generator_lm_head\.weight$", "label", "rows"),
        (r"(^|\.)pred_layer\.proj\.weight$", "label", "rows"),
        (r"(^|\.)fc\.weight$", "label", "rows"),
        (r"(^|\.)classifier(\[-1\])?\.weight$", "label", "rows"),
        (r"(^|\.)heads\.head\.weight$", "label", "rows"),
        (r"get_classifier\(\)\.weight$", "label", "rows"),
        (
            r"^[A-Za-z_]\w*\.(head|linear)\.weight$",
            "label",
            "rows",
        ),  # model.head / CIFAR model.linear
        (
            r"^(?:[A-Za-z_]\w*\.)?(head|output)\.weight$",
            "label",
            "rows",
        ),  # state-dict keys, GGUF output
        (r"(^|\.)\w*probe\w*\.weight$", "label", "rows"),  # multiclass linear probes
        (r"(^|\.)(unembed\.)?W_U$", "label", "cols"),
        (r"(^|\.)layers\[-1\]\.get_weights\(\)\[0\]$", "label", "cols"),
        (r"(^|\.)layers\[-1\]\.kernel$", "label", "cols"),
        (r"(^|\.)(head|lm_head|classifier|logits|output|out)\.kernel$", "label", "cols"),
        (r"(^|\.)(transformer\.)?wte\.weight$", "input", "rows"),
        (r"(^|\.)embed_tokens\.weight$", "input", "rows"),
        (r"get_input_embeddings\(\)\.weight$", "input", "rows"),
        (r"(^|\.)word_embeddings\.weight$", "input", "rows"),
        (r"(^|\.)token_embd\.weight$", "input", "rows"),
        (r"(^|\.)(embed\.)?W_E$", "input", "rows"),
    ]
]

# one alternation of all source patterns: a cheap pre-filter before the table lookup
ANY_SOURCE = re.compile("|".join(f"(?:{pat.pattern})" for pat, _, _ in SOURCES))

# Unbound variables named like label representations (medium confidence). `class_weights`
# is deliberately absent: it usually means loss re-weighting.
NAME_HINTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^W_U$"), "cols"),
    (
        re.compile(
            r"^(unembed|unembedding|unembeddings|unembedding_matrix|unembed_matrix|W_unembed)$"
        ),
        "rows",
    ),
    (
        re.compile(
            r"^(lm_head_weights?|output_embeddings?|output_embedding_matrix|classifier_weights?|head_weights?)$"
        ),
        "rows",
    ),
]

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
}
TRANSPOSE_METHODS = {"t", "transpose", "permute", "swapaxes", "swapdims"}
STACK_CALLS = {"stack", "vstack", "cat", "concatenate", "concat", "row_stack"}
NORMALIZE_CALLS = {"normalize", "l2_normalize", "normalize_L2", "l2norm", "unit_norm"}
NORM_CALLS = {"norm", "vector_norm", "matrix_norm"}
DOT_CALLS = {"mm", "matmul", "dot", "mv", "inner", "bmm", "vdot", "tensordot", "einsum"}
COSINE_CALLS = {
    "cosine_similarity",
    "pairwise_cosine_similarity",
    "cosine_distances",
    "cos_sim",
    "cosine_sim",
    "cossim",
    "pairwise_cosine",
}
EUCLID_CALLS = {"cdist", "dist", "euclidean", "euclidean_distances", "pairwise_euclidean_distance"}
METRIC_CALLS = {
    "pdist",
    "cdist",
    "pairwise_distances",
    "linkage",
    "NearestNeighbors",
    "TSNE",
    "UMAP",
    "AgglomerativeClustering",
    "KNeighborsClassifier",
}
CLUSTER_CALLS = {
    "linkage",
    "NearestNeighbors",
    "TSNE",
    "UMAP",
    "AgglomerativeClustering",
    "KNeighborsClassifier",
}
ANGLE_CALLS = {"acos", "arccos", "degrees", "rad2deg", "arccos_"}
DISPLAY_CALLS = {
    "imshow",
    "matshow",
    "heatmap",
    "clustermap",
    "pcolormesh",
    "pcolor",
    "dendrogram",
    "linkage",
    "fcluster",
    "topk",
    "argsort",
    "sort",
    "argpartition",
    "nlargest",
    "nsmallest",
    "savetxt",
    "fit_transform",
    "fit",
    "TSNE",
    "UMAP",
    "AgglomerativeClustering",
    "KMeans",
    "most_similar",
}
DISPLAY_METHODS = {
    "topk",
    "argsort",
    "sort",
    "argpartition",
    "nlargest",
    "nsmallest",
    "argmax",
    "sort_values",
    "most_similar",
}
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
WHITEN_NAME = re.compile(r"(cov|whiten|inv_sqrt|sqrt_inv|precision|causal_inner)", re.I)

# Functions whose body computes the forward pass or initialises weights: a normalisation of the
# head there is the model, not an interpretation (nGPT, cosine classifiers, weight-norm init).
FORWARD_FUNCS = re.compile(
    r"^(forward|__call__|__init__|_?init_weights|reset_parameters|extra_repr|_init\w*|setup)$|loss|logits"
)

# File-level evidence (regular expressions over the code text)
SIGMOID_EVIDENCE = re.compile(
    r"BCEWithLogitsLoss|binary_cross_entropy_with_logits|MultiLabelSoftMarginLoss|multi_label|multilabel"
    r"|problem_type\s*=\s*['\"]multi_label_classification"
)
NORMALISED_HEAD_EVIDENCE = re.compile(
    r"ArcFace|CosFace|NormFace|SphereFace|CosineClassifier|ArcMarginProduct|AddMarginProduct|NormedLinear"
    r"|\bnGPT\b|logit_scale"
)
TIE_EVIDENCE = re.compile(
    r"tie_word_embeddings|_tied_weights_keys|data_ptr\(\)|tie_weights\(|['\"](?:openai-community/)?"
    r"(?:gpt2|distilgpt2|bert-base|bert-large|roberta|t5-|google/gemma|gemma-|meta-llama/Llama-3\.2-1B|Qwen/Qwen2(?:\.5)?-0\.5B)"
)
