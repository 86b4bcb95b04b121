# cosaudit corpus, synthetic file: same shape as ekhadley/subliminal/llama/llama_entanglement.py at d4fed15a754e5b3309ef239f28b06d023649be40 (licence NOASSERTION); new code, no text copied.
# %%
from tqdm import tqdm
from transformer_lens import HookedTransformer


def is_english_num(s):
    return s.isdecimal() and s.isascii()


def unembed_cos_sim(model: HookedTransformer, token1: int, token2: int):
    vec1 = model.W_U[:, token1] / model.W_U[:, token1].norm()
    vec2 = model.W_U[:, token2] / model.W_U[:, token2].norm()
    return (vec1 @ vec2).item()


def get_animal_toks(tokenizer, animal):
    variants = [lead + animal + tail for lead in ("", "Ġ", " ") for tail in ("", "s")]
    variants += [v.capitalize() for v in variants]
    return {s: i for s, i in tokenizer.vocab.items() if s in variants}


# %%
model = HookedTransformer.from_pretrained("meta-llama/Llama-3.2-1B-Instruct")
tokenizer = model.tokenizer
num_ids = [v for k, v in tokenizer.vocab.items() if is_english_num(k)]
animals = ["dolphin", "dragon", "owl", "cat", "bear", "lion", "eagle"]

# %% mean unembedding similarity between every number token and each animal's tokens
cache = {}
for ani in tqdm(animals):
    ani_ids = list(get_animal_toks(tokenizer, ani).values())
    for n in num_ids:
        cache[(n, ani)] = sum([unembed_cos_sim(model, n, a) for a in ani_ids]) / len(ani_ids)
