# Synthetic rewrite of the shape of AlexandrosFerles/NIPS_2019_Reproducibilty_Challenge_Zero-shot_Knowledge_Transfer_via_Adversarial_Belief_Matching:src/PyTorch/utils.py at 5b4f27ad0a31549866b7f53e460ab888956410b9 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def spatial_attention_gap(feat_s, feat_t):
    """Attention-transfer term: compare unit-length spatial attention maps of two feature blocks."""
    map_s = F.normalize(feat_s.pow(2).mean(1).flatten(1))
    map_t = F.normalize(feat_t.pow(2).mean(1).flatten(1))
    return (map_s - map_t).pow(2).mean()


def distill_with_attention(out_s, out_t, y, T=4.0, alpha=0.9, beta=1000.0,
                           ce=nn.CrossEntropyLoss(), kl=nn.KLDivLoss(reduction='batchmean')):
    """Hinton KD on logits plus attention transfer on the intermediate blocks.

    out_s / out_t are tuples (logits, block1, block2, block3) from the student / teacher.
    """
    logit_s, blocks_s = out_s[0], out_s[1:]
    logit_t, blocks_t = out_t[0], out_t[1:]
    hard = (1 - alpha) * ce(logit_s, y)
    soft = kl(F.log_softmax(logit_s / T, dim=1), F.softmax(logit_t / T, dim=1)) * (T ** 2) * 2 * alpha
    att = beta * sum(spatial_attention_gap(a, b) for a, b in zip(blocks_s, blocks_t))
    return hard + soft + att


def generator_objective(logit_s, logit_t, kl=nn.KLDivLoss(reduction='batchmean'), T=1.0):
    """Adversarial belief matching: the generator seeks inputs where student and teacher disagree."""
    return -kl(F.log_softmax(logit_s / T, dim=1), F.softmax(logit_t / T, dim=1))


def student_objective_zero_shot(out_s, out_t, beta=250.0, kl=nn.KLDivLoss(reduction='batchmean')):
    """Student step on generated pseudo-images: match teacher beliefs and attention maps."""
    logit_s, blocks_s = out_s[0], out_s[1:]
    logit_t, blocks_t = out_t[0], out_t[1:]
    att = beta * sum(spatial_attention_gap(a, b) for a, b in zip(blocks_s, blocks_t))
    match = kl(F.log_softmax(logit_s, dim=1), F.softmax(logit_t, dim=1))
    return match + att
