# cosaudit corpus, synthetic file: same shape as juniuszhou/de-LLM/course/taiwan-3.py at e1e59b3b32596b41ac65cbb0ced92e6dc292059f (licence MIT); new code, no text copied.
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModelForCausalLM, AutoTokenizer


def main():
    name = "meta-llama/Llama-3.2-1B-Instruct"
    tok = AutoTokenizer.from_pretrained(name)
    lm = AutoModelForCausalLM.from_pretrained(name)
    print("parameters:", lm.num_parameters())
    for key, tensor in list(lm.state_dict().items())[:6]:
        print(f"{key:60s} {tuple(tensor.shape)}")

    embed = lm.state_dict()["model.embed_tokens.weight"].float().numpy()
    print("embedding table", embed.shape)

    token_id = 9906
    print("token:", repr(tok.decode(token_id)))
    query = embed[token_id : token_id + 1]

    scores = cosine_similarity(query, embed)[0]
    order = scores.argsort()[::-1][:10]
    for i in order:
        print(repr(tok.decode(int(i))), float(scores[i]))


if __name__ == "__main__":
    main()
