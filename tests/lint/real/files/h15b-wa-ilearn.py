# cosaudit corpus, synthetic file: same shape as bwbwzhao/Weight-Aligning/iLearn.py at 50f369d22bfb617f8d1621527fe78854f45b3d26 (licence NOASSERTION); new code, no text copied.
"""One incremental stage: train with distillation, then align the norms of the new class weights."""
import logging

import torch


class NewClassScale(torch.nn.Module):
    """Multiplies the logits of one block of classes by a scalar alpha."""

    def __init__(self):
        super().__init__()
        self.alpha = torch.nn.Parameter(torch.ones(1), requires_grad=False)

    def forward(self, logits):
        return logits * self.alpha


def run_stage(args, model, old_model, loaders, optimizer, scheduler, stage, scalers, metric,
              train_one_epoch, evaluate):
    train_loader, test_loader = loaders
    for epoch in range(args.epochs):
        loss, top1, top5 = train_one_epoch(args, model, old_model, train_loader, optimizer, stage, scalers)
        logging.info('stage %d epoch %d loss %.4f top1 %.4f top5 %.4f', stage, epoch, loss, top1, top5)
        scheduler.step()

    metric['test_acc'].append(evaluate(args, model, test_loader, stage, None))

    if stage > 0 and args.align:
        for s in scalers:
            s.alpha.data.fill_(1.0)
        # per-class norm of the fc rows; old classes vs the classes added in this stage
        row_norms = torch.norm(model.fc.weight.data, p=args.norm, dim=1)
        n_old, n_all = args.class_num_list[stage - 1], args.class_num_list[stage]
        ratio = row_norms[:n_old].mean() / row_norms[n_old:n_all].mean()
        scalers[stage].alpha.data.fill_(min(ratio.item(), 1.0))
        logging.info('norm ratio old/new: %.4f', ratio.item())
        metric['test_acc'].append(evaluate(args, model, test_loader, stage, scalers))
    return metric
