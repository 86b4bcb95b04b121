# cosaudit corpus, synthetic file: same shape as noahgsolomon/compositional-token-embedding-strategy/tokens_mapped.py at c443dcdf4a2b8f72f6dd61cc1924858c26d4d3f7 (licence NOASSERTION); new code, no text copied.
"""Add placeholder words to GPT-2 whose embeddings are learned mixtures of the existing rows."""
import torch
import torch.nn as nn
from datasets import Dataset
from transformers import (DataCollatorForLanguageModeling, GPT2LMHeadModel, GPT2Tokenizer, Trainer,
                          TrainingArguments)

REPLACE = {"joy": "[JOYYY]", "anger": "[ANGERR]", "grief": "[GRIEFF]"}

tok = GPT2Tokenizer.from_pretrained("gpt2")
tok.pad_token = tok.eos_token
model = GPT2LMHeadModel.from_pretrained("gpt2")
n_new = tok.add_tokens(list(REPLACE.values()))
model.resize_token_embeddings(len(tok))
new_ids = [tok.convert_tokens_to_ids(t) for t in REPLACE.values()]
n_old = model.transformer.wte.weight.shape[0] - n_new


class MixedEmbedding(nn.Module):
    def __init__(self, base, new_ids):
        super().__init__()
        self.base = base
        self.slot = {t: i for i, t in enumerate(new_ids)}
        self.mix = nn.Parameter(torch.randn(len(new_ids), n_old))

    def forward(self, ids):
        out = self.base(ids)
        mask = torch.zeros_like(ids, dtype=torch.bool)
        for t in self.slot:
            mask |= ids == t
        if mask.any():
            pos = mask.nonzero(as_tuple=True)
            which = torch.tensor([self.slot[t.item()] for t in ids[pos]], device=ids.device)
            old_rows = self.base.weight[:n_old]
            out[pos[0], pos[1], :] = self.mix[which] @ old_rows
        return out


model.transformer.wte = MixedEmbedding(model.transformer.wte, new_ids)
texts = ["I felt [JOYYY] when the letter came.", "His [ANGERR] faded by noon."]
ds = Dataset.from_dict({"text": texts}).map(lambda b: tok(b["text"], truncation=True, max_length=64),
                                            batched=True, remove_columns=["text"])
args = TrainingArguments(output_dir="./gpt2-mixed", num_train_epochs=5, per_device_train_batch_size=2,
                         logging_steps=1, prediction_loss_only=True)
Trainer(model=model, args=args, train_dataset=ds,
        data_collator=DataCollatorForLanguageModeling(tokenizer=tok, mlm=False)).train()
