# Synthetic rewrite of the shape of thunlp/KnowledgeablePromptTuning:filter_method.py at 6c9ce538c2150066ea8b885d4acff55ed9537309 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity


def refine_label_words(verbalizer, context_logits, class_names):
    """Keep the expanded label words whose behaviour across unlabeled contexts matches their class.

    context_logits: [n_contexts, vocab] MLM logits at [MASK] for a pool of unlabeled prompts.
    """
    n_cls = len(class_names)
    p = 10.0 / (n_cls - 2 + 1e-2) + 1
    n_ctx = context_logits.size(0)

    # project each context onto the verbalizer's (class, word) slots -> [cls, words, contexts]
    per_ctx = [verbalizer.project(context_logits[c : c + 1]).squeeze(0) for c in range(n_ctx)]
    profiles = torch.stack(per_ctx, dim=-1)
    profiles = profiles - profiles.mean(dim=-1, keepdim=True)

    anchors = profiles[:, 0, :]  # the class-name word of every class
    flat = profiles.reshape(-1, n_ctx)
    # cosine between response profiles over contexts (not between weight rows)
    sim = cosine_similarity(flat.cpu().numpy(), anchors.cpu().numpy())
    sim = sim.reshape(profiles.shape[0], profiles.shape[1], n_cls)
    sim = sim - 1e4 * (1 - verbalizer.label_words_mask.unsqueeze(-1).cpu().numpy())

    kept = []
    for c in range(n_cls):
        scored = []
        for w, word in enumerate(verbalizer.label_words[c]):
            row = sim[c, w]
            tf = row[c]
            rest = np.concatenate([row[:c], row[c + 1 :]])
            idf = 1.0 / (np.linalg.norm(rest, ord=p) / np.power(n_cls - 1, 1.0 / p))
            scored.append((word, tf * idf if tf >= 0 else -100.0))
        scored.sort(key=lambda t: -t[1])
        kept.append([w for w, s in scored if s > 0])
    return kept
