# expect: COS301
"""Token-embedding geometry of tied models, with no word about outputs.

GPT-2, RoBERTa and ALBERT add learned position embeddings to the token rows, so translating the token
table by c and the position table by -c keeps every input vector while the tied output head moves
by c: the token rows' cosines are no property of the model (COS150, warning). A tied RoPE model has
no such table; its token rows' geometry without output talk stays quiet.

Shapes seen in public token-geometry notebooks; written for cosaudit's tests.
"""
import torch.nn.functional as F
from transformers import AlbertForMaskedLM, AutoModelForCausalLM, GPT2LMHeadModel, RobertaForMaskedLM

gpt = GPT2LMHeadModel.from_pretrained("gpt2")
E = gpt.transformer.wte.weight
king_queen = F.cosine_similarity(E[tok.encode(" king")[0]], E[tok.encode(" queen")[0]], dim=0)  # expect: COS150
rob = RobertaForMaskedLM.from_pretrained("roberta-large")
R = rob.roberta.embeddings.word_embeddings.weight
good_bad = F.cosine_similarity(R[1], R[2], dim=0)  # expect: COS150
albert = AlbertForMaskedLM.from_pretrained("albert-base-v2")
A = albert.albert.embeddings.word_embeddings.weight
pool_sims = F.cosine_similarity(A[shared_ids].unsqueeze(1), A[shared_ids].unsqueeze(0), dim=-1)  # expect: COS150
prompt_rows = E[tok.encode("a day at the beach")]
prompt_mean = prompt_rows.mean(dim=0, keepdim=True)
related = E @ prompt_mean.T  # expect: COS150
hidden_lens = (E @ last_hidden).topk(10)  # the logits of a hidden state: quiet
positions = gpt.transformer.wpe.weight
pos_sim = F.cosine_similarity(positions[0], positions[1], dim=0)
