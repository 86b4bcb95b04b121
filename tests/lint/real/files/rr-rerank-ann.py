# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/22_rerank_topk_ann.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import faiss
import torch
from transformers import GPT2LMHeadModel, GPT2Tokenizer

model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
tok = GPT2Tokenizer.from_pretrained("gpt2")

# index the raw head rows: inner product = logit (no normalisation)
W = model.lm_head.weight.detach().cpu().numpy().astype("float32")     # [vocab, 768]
index = faiss.IndexFlatIP(W.shape[1])
index.add(W)


def rerank_next_token(prompt, k=64):
    ids = tok.encode(prompt, return_tensors="pt")
    with torch.no_grad():
        h = model(ids, output_hidden_states=True).hidden_states[-1][0, -1]
    _, cand = index.search(h.numpy()[None].astype("float32"), k)
    cand = torch.as_tensor(cand[0])
    exact = h @ model.lm_head.weight.data[cand].T
    return tok.decode(int(cand[exact.argmax()]))


print(rerank_next_token("The moon is"))
