# Synthetic rewrite of the shape of xuguodong03/SSKD:student.py at 661b972c124a83c32dcd0e203390ba637075fe92 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def keep_easiest(scores, truth, ratio):
    """Indices of samples whose true entry ranks first, plus the best-ranked fraction of the rest."""
    order = torch.argsort(scores, dim=1, descending=True)
    place = torch.argmax((order == truth[:, None]).long(), dim=1)
    ranked = torch.argsort(place)
    n_wrong = int(torch.count_nonzero(place))
    keep = scores.shape[0] - n_wrong + int(n_wrong * ratio)
    return torch.sort(ranked[:keep])[0]


def pair_similarity(feat, first, rest, n):
    anchors = feat[first].unsqueeze(2).expand(-1, -1, 3 * n).transpose(0, 2)
    views = feat[rest].unsqueeze(2).expand(-1, -1, n)
    return F.cosine_similarity(views, anchors, dim=1)      # (3n, n): view vs every anchor


def sskd_step(student, teacher, x, y, cfg):
    n = x.shape[0] // 4
    first = (torch.arange(4 * n, device=x.device) % 4 == 0)
    rest = ~first
    s_logits, s_feat, _ = student(x, bb_grad=True)
    with torch.no_grad():
        t_logits, t_feat, _ = teacher(x)

    p_t_aug = F.softmax(t_logits[rest] / cfg.tf_T, dim=1)
    y_aug = y.repeat_interleave(3)
    keep_tf = keep_easiest(p_t_aug, y_aug, cfg.ratio_tf)

    s_simi = pair_similarity(s_feat, first, rest, n)
    t_simi = pair_similarity(t_feat, first, rest, n).detach()
    own = torch.arange(n, device=x.device).repeat_interleave(3)
    keep_ss = keep_easiest(t_simi, own, cfg.ratio_ss)

    ce = F.cross_entropy(s_logits[first], y)
    kd = F.kl_div(F.log_softmax(s_logits[first] / cfg.kd_T, 1), F.softmax(t_logits[first] / cfg.kd_T, 1),
                  reduction="batchmean") * cfg.kd_T ** 2
    tf = F.kl_div(F.log_softmax(s_logits[rest] / cfg.tf_T, 1)[keep_tf], p_t_aug[keep_tf],
                  reduction="batchmean") * cfg.tf_T ** 2
    ss = F.kl_div(F.log_softmax(s_simi / cfg.ss_T, 1)[keep_ss], F.softmax(t_simi / cfg.ss_T, 1)[keep_ss],
                  reduction="batchmean") * cfg.ss_T ** 2
    return cfg.ce_weight * ce + cfg.kd_weight * kd + cfg.tf_weight * tf + cfg.ss_weight * ss
