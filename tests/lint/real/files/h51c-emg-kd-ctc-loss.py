# Synthetic rewrite of the shape of erdenebayrd/emg-kd:src/kd_loss.py at 0b88143b8df82d1a7137aea45512c3dda5f756b5 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F

BLANK_ID = 0


def ctc_with_distillation(s_logits, t_logits, labels, frame_lens, label_lens,
                          w_kd=0.5, tau=2.0, blank=BLANK_ID, skip_blank_frames=True, thresh=0.9):
    """(1 - w_kd) * CTC + w_kd * frame-level KL(teacher || student) at temperature tau."""
    batch, frames, _ = s_logits.shape
    ctc = F.ctc_loss(s_logits.log_softmax(-1).transpose(0, 1), labels, frame_lens, label_lens,
                     blank=blank, zero_infinity=True)

    valid = (torch.arange(frames, device=s_logits.device)[None] < frame_lens[:, None]).float()
    s_logp = (s_logits / tau).log_softmax(-1)
    t_p = (t_logits / tau).softmax(-1)
    kl = F.kl_div(s_logp, t_p, reduction="none").sum(-1)
    if skip_blank_frames:
        valid = valid * (t_p[..., blank] < thresh).float()
    kd = (kl * valid).sum() / valid.sum().clamp(min=1.0) * tau * tau
    return (1 - w_kd) * ctc + w_kd * kd, {"ctc": ctc.item(), "kd": kd.item()}
