"""The output layers of model classes imported from another module of the scan (`from src.word2vec import
CBOW`, whose `self.U = nn.Linear(embed_dim, vocab_size)` its forward pass returns): `model.U.weight` in the
importing file is that model's head, as it would be were the class written there."""

from __future__ import annotations

from pathlib import Path

from scan_tree import warning_codes as _codes
from scan_tree import write_tree as _write

from cosaudit.lint.config import CheckConfig
from cosaudit.lint.engine import check_paths

_CBOW = """\
import torch.nn as nn


class CBOW(nn.Module):
    def __init__(self, vocab_size, embed_dim):
        super().__init__()
        self.V = nn.Embedding(vocab_size, embed_dim)
        self.U = nn.Linear(embed_dim, vocab_size)

    def forward(self, contexts):
        return self.U(self.V(contexts).mean(axis=1))
"""

_NEIGHBOURS = """\
import torch
import torch.nn.functional as F
from src.word2vec import CBOW

model = CBOW(len(vocab), 300)
model.load_state_dict(torch.load("cbow.pt"))


def most_similar(word, k=5):
    row = model.{layer}.weight[vocab[word]]
    scores = F.cosine_similarity(model.{layer}.weight, row)
    return torch.argsort(scores, descending=True)[:k]
"""

# an output layer named neither by its size nor as a readout: the head only because the forward pass
# returns it and the importing file trains that output with a cross-entropy
_TAGGER = """\
import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self, d, k):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, d), nn.ReLU())
        self.proj = nn.Linear(d, k)

    def forward(self, x):
        x = self.body(x)
        x = self.proj(x)
        return x
"""

_TRAIN = """\
import torch.nn as nn
import torch.nn.functional as F
from {module} import Tagger

net = Tagger(768, 17)
criterion = nn.CrossEntropyLoss()
for x, y in loader:
    out = net(x)
    loss = criterion(out, y)
W = net.proj.weight
sims = F.normalize(W, dim=1) @ F.normalize(W, dim=1).T
"""

_COSINE_TAGGER = _TAGGER.replace(
    "x = self.proj(x)", "x = F.linear(F.normalize(x), F.normalize(self.proj.weight))"
).replace("import torch.nn as nn", "import torch.nn as nn\nimport torch.nn.functional as F")


def test_an_output_layer_built_with_one_output_per_word_in_an_imported_class_is_the_head(tmp_path: Path) -> None:
    _write(tmp_path, {"src/__init__.py": "", "src/word2vec.py": _CBOW, "nn.py": _NEIGHBOURS.format(layer="U")})
    assert _codes(tmp_path) == [("nn.py", "COS101", 11), ("nn.py", "COS103", 12)]
    result = check_paths([str(tmp_path)], CheckConfig(root=tmp_path), cwd=tmp_path)
    cos101 = next(f for f in result.findings if f.code == "COS101")
    assert "in class `CBOW` of `word2vec.py`" in cos101.message


def test_the_imported_class_s_input_table_and_the_file_alone_stay_quiet(tmp_path: Path) -> None:
    _write(tmp_path, {"src/__init__.py": "", "src/word2vec.py": _CBOW, "nn.py": _NEIGHBOURS.format(layer="V")})
    assert _codes(tmp_path) == []  # word2vec's input vectors: untied, no head
    _write(tmp_path, {"nn.py": _NEIGHBOURS.format(layer="U")})
    assert _codes(tmp_path, "nn.py") == []  # the class's module is not scanned: nothing says what `U` is


def test_the_layer_an_imported_model_returns_is_the_head_once_its_output_is_trained_as_logits(tmp_path: Path) -> None:
    _write(tmp_path, {"models.py": _TAGGER, "train.py": _TRAIN.format(module="models")})
    assert _codes(tmp_path) == [("train.py", "COS101", 11)]
    untrained = _TRAIN.format(module="models").replace("    loss = criterion(out, y)\n", "")
    _write(tmp_path, {"train.py": untrained})
    assert _codes(tmp_path) == []  # nothing shows the output to be logits


def test_an_imported_cosine_classifier_s_layer_or_another_class_is_no_head(tmp_path: Path) -> None:
    cosine = tmp_path / "cosine"
    _write(cosine, {"models.py": _COSINE_TAGGER, "train.py": _TRAIN.format(module="models")})
    assert _codes(cosine) == []  # its rows are normalised by the model itself
    other = tmp_path / "other"
    renamed = _TAGGER.replace("class Tagger", "class Parser")
    train = _TRAIN.format(module="models").replace(
        "from models import Tagger", "from models import Parser\nfrom lib import Tagger"
    )
    _write(other, {"models.py": renamed, "train.py": train})
    assert _codes(other) == []  # the file's `Tagger` is not the scanned module's class


def test_a_star_import_brings_the_classes_the_file_names(tmp_path: Path) -> None:
    package = {"pkg/__init__.py": "", "pkg/models.py": _TAGGER}
    _write(tmp_path, {**package, "train.py": _TRAIN.format(module="pkg.models").replace("import Tagger", "import *")})
    assert _codes(tmp_path) == [("train.py", "COS101", 11)]
    relative = _TRAIN.format(module=".models")
    _write(tmp_path / "rel", {"__init__.py": "", "models.py": _TAGGER, "train.py": relative})
    assert ("train.py", "COS101", 11) in _codes(tmp_path / "rel")


def test_a_class_a_package_re_exports_brings_its_output_layers(tmp_path: Path) -> None:
    """`from models import Tagger` where `models/__init__.py` does `from .tagger import Tagger`: one hop on,
    as the cosine-head evidence of a class is followed."""
    package = {"models/__init__.py": "from .tagger import Tagger\n", "models/tagger.py": _TAGGER}
    _write(tmp_path, {**package, "train.py": _TRAIN.format(module="models")})
    assert _codes(tmp_path) == [("train.py", "COS101", 11)]
