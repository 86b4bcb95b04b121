# Synthetic rewrite of the shape of linkedin/Liger-Kernel:src/liger_kernel/chunked_loss/cosine_similarity_loss.py at 366f917bb9ca702bdee0c1e4def4cfbc5643b3f1 (licence BSD-2-Clause); not the original text.
import torch
import torch.nn.functional as F

from liger_kernel.chunked_loss.fused_linear_distillation import LigerFusedLinearDistillationBase


class FusedCosineDistillFn(LigerFusedLinearDistillationBase):
    """Chunked distillation: each side's hidden states go through its own LM head,
    then the per-token logit vectors of student and teacher are compared by cosine."""

    @staticmethod
    def distillation_loss_fn(s_logits, t_logits, target=None, ignore_index=None, beta=1.0):
        s_unit = F.normalize(s_logits, p=2, dim=-1)
        t_unit = F.normalize(t_logits, p=2, dim=-1)
        agreement = F.cosine_similarity(s_unit, t_unit, dim=-1)
        return (beta * (1.0 - agreement)).sum()

    @classmethod
    def forward(cls, ctx, s_hidden, s_head_w, t_hidden, t_head_w, labels, s_bias, t_bias,
                hard_w=0.5, soft_w=0.5, beta=0.5, ignore_index=-100, temperature=1.0,
                compiled=True, chunk_size=1024, return_parts=False):
        return super().forward(
            cls=cls, ctx=ctx,
            student_input=s_hidden, student_weight=s_head_w,
            teacher_input=t_hidden, teacher_weight=t_head_w,
            target=labels, student_bias=s_bias, teacher_bias=t_bias,
            chunk_size=chunk_size, weight_hard_loss=hard_w, weight_soft_loss=soft_w,
            beta=beta, ignore_index=ignore_index, temperature=temperature,
            compiled=compiled, return_soft_hard_loss=return_parts,
        )

    @staticmethod
    def backward(ctx, grad_out, *rest):
        grads = LigerFusedLinearDistillationBase.backward(ctx, grad_out, *rest)[:6]
        return (*grads,) + (None,) * 9


class FusedCosineDistillLoss(torch.nn.Module):
    def __init__(self, hard_w=0.5, soft_w=0.5, beta=0.5, ignore_index=-100,
                 temperature=1.0, compiled=True, chunk_size=1024, return_parts=False):
        super().__init__()
        assert temperature != 0, "temperature must be non-zero"
        self.args = (hard_w, soft_w, beta, ignore_index, temperature, compiled, chunk_size, return_parts)

    def forward(self, s_hidden, s_head_w, t_hidden, t_head_w, labels, s_bias=None, t_bias=None):
        return FusedCosineDistillFn.apply(s_hidden, s_head_w, t_hidden, t_head_w, labels,
                                          s_bias, t_bias, *self.args)
