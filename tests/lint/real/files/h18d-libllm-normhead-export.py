# Synthetic rewrite of the shape of ling0322/libllm:tools/bilibili_index_exporter.py at abe10231f9d6fe2c2556516dc51c62d910842c4c (licence MIT); not the original text.
import configparser

import torch

from llama_exporter import LlamaExporter
from model_exporter import Context, TensorWriter


class NormHeadExporter(LlamaExporter):
    """Writes a Llama-style checkpoint whose output head is row-normalised by the model itself."""

    def _export(self, ctx: Context, model):
        body = model.base_model
        self.export_embedding(ctx.with_subname("embd"), body.embed_tokens)
        self._export_rms_norm(ctx.with_subname("norm"), body.norm)
        for i, blk in enumerate(body.layers):
            self._export_block(ctx.with_subname(f"block{i}"), blk)
        # the checkpoint's forward pass divides each head row by its norm,
        # so the exported projection is stored already normalised
        out = torch.nn.functional.normalize(model.lm_head.weight)
        self._write(ctx.with_subname("out_proj.weight"), out)

    @classmethod
    def ini_section(cls, cfg):
        assert cfg.norm_head in {1, True}
        ini = configparser.ConfigParser()
        ini["index"] = {
            "hidden_size": str(cfg.hidden_size),
            "num_layers": str(cfg.num_hidden_layers),
            "vocab_size": str(cfg.vocab_size),
        }
        return ini

    @classmethod
    def export(cls, model, fp, quant):
        ctx = Context("index", quant=quant)
        with TensorWriter(fp) as writer:
            cls(writer)._export(ctx, model)
        return cls.ini_section(model.config)
