# cosaudit corpus, synthetic file: same shape as f14-bertolotti/semantica/semeqv/problem/callbacks/CdistsCallback.py at de5b7ddbc3e86c818af7af44166d0a4be820dbe2 (licence NOASSERTION); new code, no text copied.
import click
import numpy
import torch

from semeqv.problem import split2callback
from semeqv.problem.callbacks import LoggingCallback, callbacks


class DistanceTrace(LoggingCallback):

    def __init__(self, trainer, in_path="", out_path="", step_log_path="", epoch_log_path="", every=0):
        super().__init__(trainer, step_log_path=step_log_path, epoch_log_path=epoch_log_path)
        self.in_trace, self.out_trace = [], []
        self.in_path, self.out_path, self.every = in_path, out_path, every

    def end_step(self, loss, data, pred):
        super().end_step(loss, data, pred)
        rows_in = self.trainer.model.input_embedding.weight
        rows_out = self.trainer.model.output_embedding.weight
        self.in_trace.append(torch.cdist(rows_in, rows_in).detach().cpu().numpy())
        self.out_trace.append(torch.cdist(rows_out, rows_out).detach().cpu().numpy())

    def _dump(self):
        if self.in_path:
            numpy.save(self.in_path, numpy.stack(self.in_trace))
        if self.out_path:
            numpy.save(self.out_path, numpy.stack(self.out_trace))

    def end_epoch(self):
        super().end_epoch()
        if self.every and self.epoch % self.every == 0:
            self._dump()

    def end(self):
        super().end()
        self._dump()


@callbacks.group(invoke_without_command=True)
@click.option("--input_embedding_path", "in_path", type=str, default="")
@click.option("--output_embedding_path", "out_path", type=str, default="")
@click.option("--step_log_path", type=str, default="")
@click.option("--epoch_log_path", type=str, default="")
@click.option("--etc", "every", type=int, default=0)
@click.option("--split", type=str, default="train")
@click.pass_obj
def cdists(trainer, in_path, out_path, step_log_path, epoch_log_path, every, split):
    split2callback[split](trainer)(DistanceTrace(trainer, in_path, out_path, step_log_path, epoch_log_path, every))
