# cosaudit corpus, synthetic file: same shape as ekhadley/subliminal/llama/llama_owl_entanglement.py at d4fed15a754e5b3309ef239f28b06d023649be40 (licence NOASSERTION); new code, no text copied.
from transformer_lens import HookedTransformer


def unembed_cos_sim(model: HookedTransformer, token1: int, token2: int):
    W_U = model.W_U
    a = W_U[:, token1] / W_U[:, token1].norm()
    b = W_U[:, token2] / W_U[:, token2].norm()
    return (a @ b).item()


def animal_token_ids(tokenizer, animal):
    forms = {animal, animal + "s", " " + animal, " " + animal + "s", "Ġ" + animal, "Ġ" + animal + "s"}
    forms |= {f.capitalize() for f in forms}
    return {s: i for s, i in tokenizer.vocab.items() if s in forms}


def token_sim_with_animal(token: int, animal: str, model: HookedTransformer) -> float:
    sims = {s: unembed_cos_sim(model, token, i) for s, i in animal_token_ids(model.tokenizer, animal).items()}
    return sum(sims.values()) / len(sims)


def token_sims_with_animals(token: int, animals: list[str], model: HookedTransformer) -> dict[str, float]:
    return {animal: token_sim_with_animal(token, animal, model) for animal in animals}
