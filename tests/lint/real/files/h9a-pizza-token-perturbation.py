# cosaudit corpus, synthetic file: same shape as leap-laboratories/PIZZA/attribution/token_perturbation.py at 286353623447c397b0a5e9ba7a3ef3ad8c068166 (licence CC-BY-NC-SA-4.0); new code, no text copied.
from functools import cached_property
from typing import Literal, Optional

import numpy as np
from transformers import GPT2LMHeadModel, GPT2Tokenizer, PreTrainedTokenizer

Unit = list[str]


class ReplacementRule:
    def replace_units(self, units: list[Unit]) -> list[Unit]:
        raise NotImplementedError

    def replace_token(self, token_id: int) -> int:
        raise NotImplementedError


class ConstantReplacement(ReplacementRule):
    def __init__(self, token: str = "", tokenizer: Optional[PreTrainedTokenizer] = None):
        self.token = token
        self.tokenizer = tokenizer or GPT2Tokenizer.from_pretrained("gpt2", add_prefix_space=True)

    def replace_units(self, units):
        return [[self.token] for _ in units]

    def __str__(self):
        return "constant"


class KthNeighbourReplacement(ReplacementRule):
    """Swap a token for its k-th most similar vocabulary entry."""

    def __init__(self, k: int, tokenizer: Optional[PreTrainedTokenizer] = None, table: Optional[np.ndarray] = None):
        if k is None:
            raise ValueError("k is required for the neighbour rule")
        self.k = k
        self.tokenizer = tokenizer or GPT2Tokenizer.from_pretrained("gpt2", add_prefix_space=True)
        if table is None:
            lm = GPT2LMHeadModel.from_pretrained("gpt2")
            table = lm.transformer.wte.weight.detach().numpy()
        self.table = table

    def replace_token(self, token_id: int) -> int:
        ranked = rank_by_similarity(token_id, self.table)
        return int(ranked[self.k if self.k >= 0 else len(ranked) + self.k])

    def replace_units(self, units):
        out = []
        for unit in units:
            new = []
            for piece in unit:
                tid = self.tokenizer.encode(piece.strip("Ġ"), add_special_tokens=False)[0]
                repl = self.tokenizer.convert_ids_to_tokens(self.replace_token(tid))
                if piece.startswith("Ġ") and not repl.startswith("Ġ"):
                    repl = "Ġ" + repl
                new.append(repl)
            out.append(new)
        return out

    def __str__(self):
        return f"kth_neighbour(k={self.k})"


class PromptUnits:
    def __init__(self, text: str, tokenizer: PreTrainedTokenizer, unit: Literal["token", "word"] = "token"):
        self.text = text
        self.tokenizer = tokenizer
        if unit == "word":
            words = text.split()
            pieces = [tokenizer.tokenize((" " if i else "") + w) for i, w in enumerate(words)]
        else:
            pieces = [[p] for p in tokenizer.tokenize(text)]
        self.units = pieces


class MaskedPrompt:
    def __init__(self, base: PromptUnits, positions: list[int], rule: ReplacementRule):
        self.base, self.positions, self.rule = base, positions, rule

    @cached_property
    def replaced_text(self) -> str:
        picked = [self.base.units[i] for i in self.positions]
        swapped = iter(self.rule.replace_units(picked))
        units = [next(swapped) if i in self.positions else u for i, u in enumerate(self.base.units)]
        return self.base.tokenizer.convert_tokens_to_string(["".join(u) for u in units]).strip()


def rank_by_similarity(token_id: int, table: np.ndarray, top: Optional[int] = None) -> np.ndarray:
    query = table[token_id]
    unit_rows = table / np.linalg.norm(table, axis=1, keepdims=True)
    unit_query = query / np.linalg.norm(query)
    scores = unit_rows @ unit_query
    top = len(scores) if top is None else top
    best = np.argpartition(scores, -top)[-top:]
    return best[np.argsort(scores[best])][::-1]


def growing_distance_tokens(token_id: int, table: np.ndarray, count: int = 3) -> list[int]:
    if count > 4:
        raise ValueError("at most 4 steps")
    steps = [10 ** i for i in range(1, count + 1)]
    ranked = rank_by_similarity(token_id, table, top=max(steps))
    return [int(ranked[s - 1]) for s in steps]


def sliding_masks(n: int, width: int, stride: Optional[int] = None) -> list[np.ndarray]:
    stride = stride or width
    masks = []
    for start in range(-(stride // 2), n + stride // 2, stride):
        m = np.zeros(n, dtype=bool)
        m[max(start, 0):min(start + width, n)] = True
        if m.any():
            masks.append(m)
    return masks
