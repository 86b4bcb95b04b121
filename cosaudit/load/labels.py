"""Label strings ↔ row indices: through tokenizer.json, config `id2label`, or a labels file.

A word may be stored as `dog`, `Ġdog` (byte-level BPE) or `▁dog` (SentencePiece): the exact
token is preferred, then the word-initial forms, and the report says which token was used. A
word that is several tokens is refused with its pieces; an unknown one gets close matches.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from cosaudit.errors import InputError, LabelError
from cosaudit.load.head import ResolvedLabel

WORD_INITIAL = ("Ġ", "▁")


class Vocabulary:
    """Names of rows and the way back from a label string to a row."""

    def __init__(self, names: dict[int, str], *, how: str, tokenizer: Any = None):
        self.names = names
        self.how = how  # "tokenizer", "id2label", "labels-file"
        self.tokenizer = tokenizer
        self.ids = {v: k for k, v in sorted(names.items(), reverse=True)}  # lowest id wins

    @property
    def size(self) -> int:
        return (max(self.names) + 1) if self.names else 0

    def name(self, i: int) -> str | None:
        return self.names.get(i)

    def resolve(self, label: str, n_rows: int) -> tuple[ResolvedLabel, list[str]]:
        """(resolved label, warnings). Raises LabelError with close matches or pieces."""
        warnings: list[str] = []
        if label in self.ids:
            i = self.ids[label]
            if self.how == "tokenizer" and not label.startswith(WORD_INITIAL):
                for prefix in WORD_INITIAL:
                    alt = self.ids.get(prefix + label.lstrip(" "))
                    if alt is not None and alt != i:
                        warnings.append(
                            f"label {label!r} → token {label!r} (id {i}); the word-initial form "
                            f"{prefix + label!r} is a different token (id {alt}): pass ' {label}' for it"
                        )
            return ResolvedLabel(label, i, label, self.how), warnings
        if self.how == "tokenizer":
            word = label[1:] if label.startswith(" ") else label
            for prefix in WORD_INITIAL:
                if prefix + word in self.ids:
                    tok = prefix + word
                    return ResolvedLabel(label, self.ids[tok], tok, self.how), warnings
            if self.tokenizer is not None:
                enc = self.tokenizer.encode(label, add_special_tokens=False)
                unknown = self._unk_id()
                if len(enc.ids) == 1 and enc.ids[0] != unknown:
                    return ResolvedLabel(label, enc.ids[0], enc.tokens[0], self.how), warnings
                if len(enc.ids) > 1 and unknown not in enc.ids:
                    pieces = " + ".join(repr(t) for t in enc.tokens)
                    close = self._suggest(label)
                    raise LabelError(
                        f"label {label!r} is {len(enc.ids)} tokens: {pieces}",
                        hint="a label must be a single row: pick one token, or pass --ids"
                        + ("; " + close if close.startswith("closest") else ""),
                    )
        else:
            folded = [k for k in self.ids if k.casefold() == label.casefold()]
            if len(folded) == 1:
                return ResolvedLabel(label, self.ids[folded[0]], folded[0], self.how), warnings
        raise LabelError(f"label {label!r} is not in the vocabulary ({self.how})",
                         hint=self._suggest(label))

    def _unk_id(self) -> int | None:
        """The id of the tokenizer's unknown token (an unknown word encodes to it), if any."""
        model = getattr(self.tokenizer, "model", None)
        unk = getattr(model, "unk_token", None)
        if isinstance(unk, str):
            return self.ids.get(unk)
        unk_id = getattr(model, "unk_id", None)  # Unigram
        return unk_id if isinstance(unk_id, int) else None

    def _suggest(self, label: str) -> str:
        plain: dict[str, str] = {}
        for tok in self.ids:
            plain.setdefault(_plain(tok), tok)
        word = _plain(label.strip())
        variants = case_and_prefix_variants(word, self.ids)
        close = [plain[c] for c in difflib.get_close_matches(word, list(plain), n=5, cutoff=0.6)]
        ranked = list(dict.fromkeys(variants + close))[:5]
        if ranked:
            return "closest: " + ", ".join(repr(t) for t in ranked)
        return "check the spelling, or pass row indices with --ids"


def _plain(token: str) -> str:
    """A token without its word-initial marker (`Ġ`, `▁` or a space)."""
    return token[1:] if token.startswith((*WORD_INITIAL, " ")) else token


def case_and_prefix_variants(word: str, tokens: Any) -> list[str]:
    """Tokens that spell `word` up to case and a word-initial marker (`dog`, `Ġdog`, `▁dog`,
    ` dog` for `Dog`): the likeliest meaning of a near miss, so they come before edit-distance
    matches. Same case first, then lower case, then any other case; bare before marked."""
    key = word.casefold()
    found = [t for t in tokens if _plain(t).casefold() == key and t != word]

    def rank(t: str) -> tuple[int, int]:
        p = _plain(t)
        case = 0 if p == word else 1 if p == word.lower() else 2
        return case, 0 if p == t else 1

    return sorted(found, key=rank)


def load_tokenizer_vocabulary(path: Path) -> Vocabulary:
    from tokenizers import Tokenizer

    try:
        tok = Tokenizer.from_file(str(path))
    except Exception as exc:  # noqa: BLE001 - the library raises plain Exception
        raise InputError(f"cannot read tokenizer {path}: {exc}", hint="repair or re-download it") from None
    vocab = tok.get_vocab(with_added_tokens=True)
    return Vocabulary({i: t for t, i in vocab.items()}, how="tokenizer", tokenizer=tok)


def id2label_vocabulary(config: dict[str, Any]) -> Vocabulary | None:
    raw = config.get("id2label")
    if not isinstance(raw, dict) or not raw:
        return None
    names = {}
    for k, v in raw.items():
        try:
            names[int(k)] = str(v)
        except (TypeError, ValueError):
            continue
    # HF fills a default {0: "LABEL_0", 1: "LABEL_1"} into every config: not real names
    if all(v == f"LABEL_{k}" for k, v in names.items()):
        return None
    return Vocabulary(names, how="id2label") if names else None


def labels_file_vocabulary(path: Path) -> Vocabulary:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"labels file {path} does not exist", hint="check the path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read labels file {path}: {exc}", hint="use a UTF-8 text file") from None
    return Vocabulary({i: line.rstrip("\r") for i, line in enumerate(lines)}, how="labels-file")


def resolve(vocab: Vocabulary | None, n_rows: int, labels: list[str], ids: list[int],
            *, name_of: Any = None) -> tuple[list[ResolvedLabel], list[str]]:
    """Resolve labels then ids, in the order given; (labels, warnings)."""
    out: list[ResolvedLabel] = []
    warnings: list[str] = []
    for label in labels:
        if vocab is None:
            raise LabelError(
                f"cannot resolve label {label!r}: the checkpoint has no tokenizer.json or id2label",
                hint="pass --labels-file with one label per row, or raw row indices with --ids",
            )
        r, w = vocab.resolve(label, n_rows)
        warnings.extend(w)
        if r.id >= n_rows:
            raise LabelError(f"label {label!r} is id {r.id} but the head has only {n_rows} rows",
                             hint="check that the tokenizer belongs to this checkpoint")
        out.append(r)
    for i in ids:
        if not 0 <= i < n_rows:
            raise LabelError(f"row index {i} is out of range: the head has {n_rows} rows (0..{n_rows - 1})",
                             hint="pass indices within range")
        token = vocab.name(i) if vocab is not None else None
        out.append(ResolvedLabel(token if token is not None else f"#{i}", i, token, "id"))
    return out, warnings
