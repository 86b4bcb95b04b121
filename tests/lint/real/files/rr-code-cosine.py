# cosaudit corpus, synthetic file: same shape as andrewcampi/roadrunner-inference/raw_research/experiments/15_cosine_similarity_test.py at 2b443f9213d08c9253846d250043c267752d8b39 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer

model = GPT2LMHeadModel.from_pretrained("gpt2").eval()
tok = GPT2Tokenizer.from_pretrained("gpt2")
U, S, Vh = torch.load("svd_lm_head_gpt2.pt")          # factors of the head, computed once


def code_of(prompt):
    ids = tok.encode(prompt, return_tensors="pt")
    with torch.no_grad():
        h = model(ids, output_hidden_states=True).hidden_states[-1][0, -1]
    return (h @ U) * S


cache = {p: code_of(p) for p in ["The moon is", "The sun is", "My favourite food is"]}
query = code_of("The stars are")
for prompt, code in cache.items():
    sim = F.cosine_similarity(query.unsqueeze(0), code.unsqueeze(0), dim=-1).item()
    reused = ((code @ Vh).argmax() == (query @ Vh).argmax()).item()
    print(f"{prompt!r}: code similarity {sim:.3f}, same top token {reused}")
