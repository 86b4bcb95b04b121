"""Label strings → rows: tokenizer.json (dog / Ġdog / ▁dog), id2label, --labels-file, --ids."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from ckptkit import write_safetensors

from cosaudit.errors import InputError, LabelError
from cosaudit.load import open_head, resolve_labels
from cosaudit.load.labels import Vocabulary, id2label_vocabulary, load_tokenizer_vocabulary


def _vocab(path: Path) -> dict[str, int]:
    return json.loads(path.read_text())["model"]["vocab"]


@pytest.mark.parametrize(
    "fixture, label, token",
    [
        ("demo-lm", "dog", "dog"),
        ("gpt2-tiny-bf16", "dog", "Ġdog"),
        ("gpt2-tiny-bf16", " dog", "Ġdog"),
        ("gpt2-tiny-bf16", "Ġcat", "Ġcat"),
        ("softcap", "dog", "▁dog"),
        ("softcap", " dog", "▁dog"),
    ],
)
def test_words_through_the_tokenizer(
    fixtures_dir: Path, fixture: str, label: str, token: str
) -> None:
    head = open_head(str(fixtures_dir / fixture))
    (lab,), warnings = resolve_labels(head, [label], [])
    assert (lab.label, lab.token, lab.how) == (label, token, "tokenizer")
    assert lab.id == _vocab(fixtures_dir / fixture / "tokenizer.json")[token]
    assert lab.to_json() == {"label": label, "id": lab.id, "token": token}
    assert warnings == []


@pytest.mark.parametrize(
    "fixture, word, pieces",
    [
        ("gpt2-tiny-bf16", "hippopotamus", "'h' + 'i' + 'p'"),
        ("softcap", "hippopotamus", "'▁h' + 'i' + 'p'"),
    ],
)
def test_multi_token_word_refused_with_its_pieces(
    fixtures_dir: Path, fixture: str, word: str, pieces: str
) -> None:
    head = open_head(str(fixtures_dir / fixture))
    with pytest.raises(LabelError, match="tokens: ") as info:
        resolve_labels(head, [word], [])
    assert pieces in str(info.value) and word in str(info.value)
    assert "--ids" in (info.value.hint or "")


def test_multi_token_typo_suggests_single_tokens(fixtures_dir: Path) -> None:
    head = open_head(str(fixtures_dir / "gpt2-tiny-bf16"))
    with pytest.raises(LabelError, match="'dgo' is 3 tokens: 'd' \\+ 'g' \\+ 'o'") as info:
        resolve_labels(head, ["dgo"], [])
    assert "'Ġdog'" in (info.value.hint or "")


@pytest.mark.parametrize("label", ["dgo", "hippopotamus", "Dog!"])
def test_unknown_word_is_not_silently_the_unknown_token(fixtures_dir: Path, label: str) -> None:
    """A word-level tokenizer encodes any unknown word to [UNK]: that is not the label's row."""
    head = open_head(str(fixtures_dir / "demo-lm"))
    with pytest.raises(LabelError, match="not in the vocabulary"):
        resolve_labels(head, [label], [])


def test_unknown_word_gets_closest_matches(fixtures_dir: Path) -> None:
    head = open_head(str(fixtures_dir / "demo-lm"))
    with pytest.raises(LabelError) as info:
        resolve_labels(head, ["hors"], [])
    assert (info.value.hint or "").startswith("closest: ") and "'horse'" in (info.value.hint or "")


def test_exact_token_when_the_word_initial_form_differs(tmp_path: Path) -> None:
    """`dog` exists and so does `Ġdog`: the exact token wins, and a warning names the other."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel

    vocab = {"[UNK]": 0, "dog": 1, "Ġdog": 2, "cat": 3}
    Tokenizer(WordLevel(vocab, unk_token="[UNK]")).save(str(tmp_path / "tokenizer.json"))
    v = load_tokenizer_vocabulary(tmp_path / "tokenizer.json")
    lab, warnings = v.resolve("dog", 4)
    assert (lab.id, lab.token) == (1, "dog")
    assert len(warnings) == 1 and "'Ġdog'" in warnings[0] and "' dog'" in warnings[0]
    lab, warnings = v.resolve(" dog", 4)
    assert (lab.id, lab.token, warnings) == (2, "Ġdog", [])
    lab, warnings = v.resolve("cat", 4)
    assert (lab.id, warnings) == (3, [])


def test_id2label(fixtures_dir: Path) -> None:
    head = open_head(str(fixtures_dir / "image-classifier"))
    labs, _ = resolve_labels(head, ["beagle", "Red Fox", "hot air balloon"], [0])
    assert [(lab.id, lab.token, lab.how) for lab in labs] == [
        (4, "beagle", "id2label"),
        (6, "red fox", "id2label"),
        (13, "hot air balloon", "id2label"),
        (0, "tabby cat", "id"),
    ]
    with pytest.raises(LabelError, match="not in the vocabulary \\(id2label\\)") as info:
        resolve_labels(head, ["beagel"], [])
    assert "'beagle'" in (info.value.hint or "")


def test_default_id2label_names_are_not_a_vocabulary() -> None:
    assert id2label_vocabulary({"id2label": {"0": "LABEL_0", "1": "LABEL_1"}}) is None
    assert id2label_vocabulary({"id2label": {}}) is None
    v = id2label_vocabulary({"id2label": {"0": "neg", "1": "pos", "x": "skip"}})
    assert v is not None and v.names == {0: "neg", 1: "pos"}


def test_labels_file(tmp_path: Path, fixtures_dir: Path) -> None:
    names = [f"word{i}" for i in range(40)]
    (tmp_path / "labels.txt").write_text("\n".join(names) + "\n")
    head = open_head(str(fixtures_dir / "npy" / "head.npy"), labels_file=tmp_path / "labels.txt")
    labs, _ = resolve_labels(head, ["word7", "WORD9"], [39])
    assert [(lab.id, lab.how) for lab in labs] == [
        (7, "labels-file"),
        (9, "labels-file"),
        (39, "id"),
    ]
    assert labs[2].token == "word39" and head.label_of(3) == "word3"
    # a labels file overrides the tokenizer of a folder
    head = open_head(str(fixtures_dir / "demo-lm"), labels_file=tmp_path / "labels.txt")
    (lab,), _ = resolve_labels(head, ["word1"], [])
    assert lab.id == 1 and head.n_vocab == 40


def test_labels_file_missing(tmp_path: Path, fixtures_dir: Path) -> None:
    with pytest.raises(InputError, match="labels file .* does not exist"):
        open_head(str(fixtures_dir / "npy" / "head.npy"), labels_file=tmp_path / "nope.txt")


@pytest.mark.parametrize("ids", [[40], [-1], [0, 1000]])
def test_ids_out_of_range(fixtures_dir: Path, ids: list[int]) -> None:
    head = open_head(str(fixtures_dir / "npy" / "head.npy"))
    with pytest.raises(LabelError, match="out of range: the head has 40 rows \\(0..39\\)"):
        resolve_labels(head, [], ids)


def test_ids_without_a_vocabulary(fixtures_dir: Path) -> None:
    head = open_head(str(fixtures_dir / "npy" / "head.npy"))
    labs, _ = resolve_labels(head, [], [3, 17])
    assert [(lab.label, lab.id, lab.token) for lab in labs] == [("#3", 3, None), ("#17", 17, None)]
    with pytest.raises(LabelError, match="no tokenizer.json or id2label") as info:
        resolve_labels(head, ["dog"], [])
    assert "--labels-file" in (info.value.hint or "")


def test_label_past_the_head_rows(tmp_path: Path) -> None:
    """A tokenizer bigger than the head (wrong tokenizer): refused, not an index error."""
    (tmp_path / "labels.txt").write_text("\n".join(f"w{i}" for i in range(10)))
    write_safetensors(tmp_path / "m.safetensors", {"lm_head.weight": ("F32", np.ones((5, 2)))})
    head = open_head(str(tmp_path / "m.safetensors"), labels_file=tmp_path / "labels.txt")
    assert head.n_vocab == 5
    with pytest.raises(LabelError, match="id 8 but the head has only 5 rows"):
        resolve_labels(head, ["w8"], [])


def test_vocabulary_lowest_id_wins_for_duplicates() -> None:
    v = Vocabulary({0: "a", 1: "b", 2: "a"}, how="labels-file")
    assert v.resolve("a", 3)[0].id == 0 and v.size == 3
