# expect: COS301
"""Two models in one file: a T5 whose tied token table has no learned positions (relative attention
biases), decoded against by cosine, and a GPT-2 loaded beside it only to score fluency. The table's own
model decides: T5's rows are input geometry (quiet), even though GPT-2 ties with learned positions;
GPT-2's own table, compared in the same file, is flagged.

Shapes seen in public soft-prompt analysis notebooks; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2TokenizerFast, T5ForConditionalGeneration

scorer = GPT2LMHeadModel.from_pretrained("gpt2").eval()
scorer_tok = GPT2TokenizerFast.from_pretrained("gpt2")
t5_model = T5ForConditionalGeneration.from_pretrained("t5-large").eval()


def decode_prompt(prompt: torch.Tensor) -> list[int]:
    table = F.normalize(t5_model.encoder.embed_tokens.weight, dim=1)
    sims = F.normalize(prompt, dim=1) @ table.T
    return sims.argmax(dim=1).tolist()


def gpt2_word_similarity(a: str, b: str) -> float:
    wte = scorer.transformer.wte.weight
    i, j = scorer_tok.encode(a)[0], scorer_tok.encode(b)[0]
    return F.cosine_similarity(wte[i], wte[j], dim=0).item()  # expect: COS150


t5_rows = t5_model.get_input_embeddings().weight
print(F.cosine_similarity(t5_rows[10], t5_rows[20], dim=0))
print(decode_prompt(torch.randn(5, 1024)))


def either_table(use_t5: bool):
    # one name bound to a T5 and to a GPT-2: its own model is not known, the file's evidence decides
    if use_t5:
        enc = T5ForConditionalGeneration.from_pretrained("t5-small")
    else:
        enc = GPT2LMHeadModel.from_pretrained("distilgpt2")
    rows = enc.get_input_embeddings().weight
    return F.cosine_similarity(rows[1], rows[2], dim=0)  # expect: COS150
