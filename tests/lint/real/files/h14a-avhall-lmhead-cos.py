# cosaudit corpus, synthetic file: same shape as plnguyen2908/AV_Hallucination/method/sink_analysis/qwen2_5_omni/stage2_6b_logit_lens_lm_head_space.py at a8473a106abec12f2f9031933fdde76d94c1c908 (licence NOASSERTION); new code, no text copied.
"""Audio logit lens, scored in output-head space.

Input and output embeddings are untied in this model and their rows barely align, so the
decoded candidates and the clip label are both looked up in the output head: the lens picks
tokens by output-head proximity, so that is where their semantic closeness is measured.
"""
import torch
import torch.nn.functional as F

TOP_K = 10


def label_vector(label: str, tokenizer, head_weight: torch.Tensor):
    ids = tokenizer(label, return_tensors="pt", add_special_tokens=False).input_ids
    if ids.numel() == 0:
        return None
    return head_weight[ids[0].to(head_weight.device)].float().mean(dim=0)


def score_layers(hidden_by_layer, final_norm, lm_head, label_vec, sink_mask):
    """hidden_by_layer: list of (n_audio, d) states; returns per-layer mean label closeness."""
    label_unit = F.normalize(label_vec, dim=-1)
    rows = []
    for layer, h in enumerate(hidden_by_layer):
        with torch.no_grad():
            probs = torch.softmax(lm_head(final_norm(h)).float(), dim=-1)
            p_top, idx_top = probs.topk(TOP_K, dim=-1)
            p_top = p_top / p_top.sum(dim=-1, keepdim=True).clamp(min=1e-12)
            cand_unit = F.normalize(lm_head.weight[idx_top].float(), dim=-1)
            closeness = (cand_unit * label_unit[None, None, :]).sum(dim=-1)
            weighted = (closeness * p_top).sum(dim=-1)
        rows.append({
            "layer": layer,
            "sink": float(weighted[sink_mask].mean()) if sink_mask.any() else float("nan"),
            "other": float(weighted[~sink_mask].mean()) if (~sink_mask).any() else float("nan"),
            "top1_other": float(closeness[~sink_mask, 0].mean()) if (~sink_mask).any() else float("nan"),
        })
    return rows
