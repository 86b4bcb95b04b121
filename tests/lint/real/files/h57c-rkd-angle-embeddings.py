# Synthetic rewrite of the shape of wonbeomjang/knowledge-distillation-study:loss.py at 464d89eeecb38b18931b23f868af2af594239bff (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def attention_map(block_out):
    # spatial attention: channel-averaged squared activations, unit length per sample
    return F.normalize(block_out.pow(2).mean(dim=1).flatten(1))


def attention_transfer(stu_block, tea_block):
    with torch.no_grad():
        target = attention_map(tea_block)
    return (attention_map(stu_block) - target).pow(2).mean()


def relational_angle(stu_emb, tea_emb):
    """Relational KD: match the cosines between pairwise difference vectors of embeddings."""
    def angles(emb):
        diffs = emb[None, :, :] - emb[:, None, :]          # B x B x D
        unit = F.normalize(diffs, p=2, dim=2)
        return torch.bmm(unit, unit.transpose(1, 2)).reshape(-1)

    with torch.no_grad():
        goal = angles(tea_emb)
    return F.smooth_l1_loss(angles(stu_emb), goal)


def relational_distance(stu_emb, tea_emb, eps=1e-12):
    def dists(emb):
        sq = emb.pow(2).sum(1)
        d = (sq[:, None] + sq[None, :] - 2 * emb @ emb.T).clamp(min=eps).sqrt()
        d = d.clone()
        d.fill_diagonal_(0)
        return d / d[d > 0].mean()

    with torch.no_grad():
        goal = dists(tea_emb)
    return F.smooth_l1_loss(dists(stu_emb), goal)


def soft_target_kd(stu_logits, tea_logits, temp=4.0, weight=16.0):
    return weight * F.kl_div(F.log_softmax(stu_logits / temp, dim=1),
                             F.softmax(tea_logits / temp, dim=1), reduction="batchmean")
