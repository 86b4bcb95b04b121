# cosaudit corpus, synthetic file: same shape as oliviaylee/today-years-old/qualitative_analysis.py at f3bc826e20d5f2bf47828e2a40b472626666bc14 (licence NOASSERTION); new code, no text copied.
# Qualitative check: which vocabulary entries sit closest to a word before / after fine-tuning
import torch
from torch.nn.functional import cosine_similarity
from transformers import AutoTokenizer, RobertaForMaskedLM

mlm = RobertaForMaskedLM.from_pretrained("roberta-base", return_dict=True)
tok = AutoTokenizer.from_pretrained("roberta-base")
tok.add_tokens(["[PAD]"])
mlm.resize_token_embeddings(len(tok))
# mlm.load_state_dict(torch.load("roberta_slang_ep3", map_location="cpu"))

table = mlm.get_input_embeddings().weight.detach()

probe_words = ["Ġvibe", "Ġlit", "Ġsalty", "Ġghost", "Ġcap", "Ġmid"]
word = "Ġlit"
vocab = tok.get_vocab()
if word not in vocab:
    raise SystemExit(f"{word} is not a single token")
row = table[vocab[word]]

sims = cosine_similarity(row.unsqueeze(0), table)

k = 30
for idx in torch.topk(sims, k).indices:
    print(tok.convert_ids_to_tokens(int(idx)), round(float(sims[idx]), 4))
