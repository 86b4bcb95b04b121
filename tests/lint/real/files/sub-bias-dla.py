# cosaudit corpus, synthetic file: same shape as ekhadley/subliminal/gemma_interp.py at d4fed15a754e5b3309ef239f28b06d023649be40 (licence NOASSERTION); new code, no text copied.
import torch as t
from fancy_einsum import einsum

from gemma_utils import MultiBias, line, topk_toks_table


def animal_bias_scores(model, tokenizer, animal, save_name, name_format):
    biases = MultiBias.from_disk(save_name)
    animal_ids = t.tensor([i for s, i in tokenizer.vocab.items() if s.strip("▁ \n").lower() in (animal, animal + "s")])

    W_U = model.W_U.to(t.float32)
    W_U /= W_U.norm(dim=0, keepdim=True)

    scores = t.zeros(len(biases.cfg.hook_names))
    for i, name in enumerate(biases.cfg.hook_names):
        b = biases[name].to(t.float32)
        b_scores = einsum("d_model, d_model d_vocab -> d_vocab", b, W_U)
        b_scores = (b_scores - b_scores.mean()) / b_scores.std()
        scores[i] = b_scores[animal_ids].mean()
    line(scores, title=f"how much each bias points at {animal} tokens")

    best = name_format.format(layer=scores.argmax())
    top = einsum("d_model, d_model d_vocab -> d_vocab", biases[best].to(t.float32), W_U).topk(25)
    print(topk_toks_table(top, tokenizer))
