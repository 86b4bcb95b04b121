"""Heads reached through a helper of another module of the scanned tree (`from utils import
get_unembedding`): the helper module is summarised once and its calls followed."""

from __future__ import annotations

from pathlib import Path

from scan_tree import warning_codes as _codes
from scan_tree import write_tree as _write

from cosaudit.lint.config import CheckConfig
from cosaudit.lint.engine import check_paths

_SCRIPT = """\
import torch.nn.functional as F
from utils import get_unembedding

emb = get_unembedding(model)
sim = F.cosine_similarity(emb[tok.encode(" dog")[0]], emb[tok.encode(" cat")[0]], dim=0)
"""
_HEAD = "def get_unembedding(model):\n    return model.get_output_embeddings().weight.detach()\n"


def test_a_head_returned_by_a_sibling_modules_helper_is_followed(tmp_path: Path) -> None:
    _write(tmp_path, {"utils.py": _HEAD, "analyse.py": _SCRIPT})
    assert _codes(tmp_path) == [("analyse.py", "COS101", 5)]


def test_helpers_that_return_no_head_stay_quiet(tmp_path: Path) -> None:
    inputs = "def get_unembedding(model):\n    return model.get_input_embeddings().weight.detach()\n"
    logits = "def get_unembedding(model):\n    return hidden @ model.lm_head.weight.T\n"
    pair = "def get_unembedding(model):\n    return model, model.config\n"
    for i, helper in enumerate((inputs, logits, pair)):
        root = tmp_path / str(i)
        _write(root, {"utils.py": helper, "analyse.py": _SCRIPT})
        assert _codes(root) == [], helper


def test_only_modules_of_the_scan_are_read(tmp_path: Path) -> None:
    parts = {
        "utils.py": _HEAD.replace("get_unembedding", "parts"),
        "analyse.py": _SCRIPT.replace("get_unembedding", "parts"),
    }
    _write(tmp_path, parts)
    assert _codes(tmp_path, "analyse.py") == []
    assert _codes(tmp_path, "analyse.py", "utils.py") == [("analyse.py", "COS101", 5)]


def test_a_getter_imported_from_outside_the_scan_is_judged_by_its_name(tmp_path: Path) -> None:
    _write(tmp_path, {"utils.py": _HEAD, "analyse.py": _SCRIPT})
    assert _codes(tmp_path, "analyse.py") == [("analyse.py", "COS101", 5)]
    # of the scan, the helper's body decides: this one returns the input embeddings
    inputs = "def get_unembedding(model):\n    return model.get_input_embeddings().weight.detach()\n"
    _write(tmp_path, {"utils.py": inputs})
    assert _codes(tmp_path, "analyse.py", "utils.py") == []


def test_a_bare_unembed_call_outside_the_scan_gives_logits_not_rows(tmp_path: Path) -> None:
    script = "import torch.nn.functional as F\nfrom utils import unembed\nz = unembed(h)\n"
    script += "s = F.cosine_similarity(z[1], z[2], dim=0)\n"
    _write(tmp_path, {"analyse.py": script})
    assert _codes(tmp_path, "analyse.py") == []


def test_relative_star_and_module_imports(tmp_path: Path) -> None:
    load = 'def load_head(path):\n    sd = torch.load(path)\n    return sd["lm_head.weight"]\n'
    run = """\
import torch
from .load import load_head
import pkg.sub.load as L
from pkg.sub.load import *
E = load_head("ckpt.pt")
n = E / E.norm(dim=-1, keepdim=True)
S = n @ n.T
G = L.load_head("x")
s2 = torch.cosine_similarity(G[1], G[2], dim=0)
"""
    star = run.replace("from .load import load_head\n", "").replace("import pkg.sub.load as L\n", "")
    star = star.replace("L.load_head", "load_head")
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "",
            "pkg/sub/load.py": load,
            "pkg/sub/run.py": run,
            "pkg/sub/star.py": star,
        },
    )
    assert _codes(tmp_path) == [
        ("pkg/sub/run.py", "COS101", 7),
        ("pkg/sub/run.py", "COS101", 9),
        ("pkg/sub/star.py", "COS101", 5),
        ("pkg/sub/star.py", "COS101", 7),
    ]


def test_a_helper_module_that_does_not_parse_is_skipped(tmp_path: Path) -> None:
    _write(tmp_path, {"utils.py": "def get_unembedding(model:\n", "analyse.py": _SCRIPT})
    assert _codes(tmp_path) == []


_SIMILARITY_HELPERS = """\
import numpy as np
import torch.nn.functional as F


def row_geometry(w):
    unit = w / np.linalg.norm(w, axis=1, keepdims=True)
    return np.degrees(np.arccos(np.clip(unit @ unit.T, -1.0, 1.0)))


def unit_gram(x):
    x = F.normalize(x, dim=-1)
    return x @ x.T


def scores(h, basis):
    return h @ basis.T
"""
_CALLER = """\
import torch
from scipy.cluster.hierarchy import linkage
from geometry import row_geometry, scores
import geometry as g

W = torch.load("m.pt").fc.weight.detach()
A = row_geometry(W.numpy())
Z = linkage(1 - g.unit_gram(W), "average")
B = row_geometry(features)
logits = scores(hidden, W)
"""


def test_a_sibling_modules_helper_that_compares_its_argument_is_followed(tmp_path: Path) -> None:
    """A helper of another scanned module whose body compares the rows of its parameter (names that
    say nothing: `row_geometry`, `unit_gram`) is reported at the call given a head, with the use of
    its result; given features, or used for logits, it stays quiet. Outside the scan only its name
    speaks: `row_geometry` says nothing, `unit_gram` says a Gram matrix (a dot product of the rows)."""
    _write(tmp_path, {"geometry.py": _SIMILARITY_HELPERS, "run.py": _CALLER})
    assert _codes(tmp_path) == [("run.py", "COS101", 7), ("run.py", "COS101", 8), ("run.py", "COS103", 8)]
    assert _codes(tmp_path, "run.py") == [("run.py", "COS102", 8), ("run.py", "COS103", 8)]


def test_a_package_module_imported_by_name_and_a_normalising_helper(tmp_path: Path) -> None:
    """`from . import geo` binds `geo.table`; `_unit(x)` returns its argument normalised, so the
    helper's product is a cosine (COS101), not a raw Gram."""
    geo = (
        "import torch.nn.functional as F\n\n\ndef _unit(x):\n    return F.normalize(x, dim=-1)\n\n\n"
        "def table(x):\n    u = _unit(x)\n    return u @ u.T\n"
    )
    run = "from . import geo\nW = model.lm_head.weight\nS = geo.table(W)\nT = geo.table(hidden)\n"
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/geo.py": geo, "pkg/run.py": run})
    assert _codes(tmp_path) == [("pkg/run.py", "COS101", 3)]


_EASE = """\
import torch
from utils.inc_net import {cls}


class Learner:
    def __init__(self, args):
        self._network = {cls}(args)

    def transfer(self, start, end):
        A = self._network.fc.weight.data[start:end]
        B = self._network.fc.weight.data[:start]
        sim = torch.zeros(len(A), len(B))
        for i in range(len(A)):
            for j in range(len(B)):
                sim[i][j] = torch.cosine_similarity(A[i], B[j], dim=0)
        return sim
"""
_NETS = """\
import torch.nn.functional as F
from torch import nn
from backbone.linears import EaseCosineLinear, SimpleLinear


class EaseNet(nn.Module):
    def generate_fc(self, in_dim, out_dim):
        return EaseCosineLinear(in_dim, out_dim)


class CosNet(nn.Module):
    def forward(self, x):
        return F.linear(F.normalize(x), F.normalize(self.fc.weight)) * self.sigma


class SimpleNet(nn.Module):
    def generate_fc(self, in_dim, out_dim):
        # fc = EaseCosineLinear(in_dim, out_dim)  (an older variant)
        return SimpleLinear(in_dim, out_dim)
"""


def test_a_network_class_of_another_module_that_builds_a_cosine_head_makes_its_rows_info(tmp_path: Path) -> None:
    """EASE (LAMDA-PILOT): the learner compares rows of `fc`, built by a network class of a sibling
    package whose head is a cosine classifier; its rows are fixed by the model."""
    for cls in ("EaseNet", "CosNet"):
        root = tmp_path / cls
        learner = _EASE.format(cls=cls)
        _write(root, {"utils/__init__.py": "", "utils/inc_net.py": _NETS, "models/ease.py": learner})
        result = check_paths([str(root)], CheckConfig(root=root), cwd=root)
        codes = [(f.code, f.severity.value) for f in result.findings if f.path == "models/ease.py"]
        assert ("COS101", "info") in codes, (cls, codes)
        assert not [c for c in codes if c[1] != "info"], (cls, codes)


def test_a_plain_network_class_or_a_file_scanned_alone_keeps_the_finding(tmp_path: Path) -> None:
    """A linear head (its cosine-head name only in a comment), or the sibling module outside the
    scan: the rows are an ordinary head's."""
    simple = _EASE.format(cls="SimpleNet")
    _write(tmp_path, {"utils/__init__.py": "", "utils/inc_net.py": _NETS, "models/ease.py": simple})
    assert ("models/ease.py", "COS101", 15) in _codes(tmp_path)
    _write(tmp_path, {"models/ease.py": _EASE.format(cls="EaseNet")})
    assert ("models/ease.py", "COS101", 15) in _codes(tmp_path, "models/ease.py")


_FACT_TRAINER = """\
import torch
import torch.nn.functional as F
from .helper import *


class FSCILTrainer:
    def __init__(self, args):
        self.model = {cls}(args)

    def virtual_class_map(self, dummy):
        rows = F.normalize(self.model.fc.weight, p=2, dim=-1)
        return torch.mm(rows, rows.t())
"""
_FACT_HELPER = "from .Network import {imported}\nfrom utils import *\n\n\ndef base_train(model):\n    return model\n"
_FACT_NETWORK = """\
import torch.nn as nn
import torch.nn.functional as F


class MYNET(nn.Module):
    def forward(self, x):
        return F.linear(F.normalize(x, p=2, dim=-1), F.normalize(self.fc.weight, p=2, dim=-1))


class PLAINNET(nn.Module):
    def forward(self, x):
        return self.fc(x)
"""


def test_a_cosine_network_reached_through_a_star_imported_helper_makes_its_rows_info(tmp_path: Path) -> None:
    """FACT-style FSCIL code (CLOM, Logo-FSCIL): the trainer takes `MYNET` from `from .helper import *`,
    and the helper imports it from `Network.py`, whose forward is a cosine classifier."""
    for imported in ("MYNET", "*"):
        root = tmp_path / imported.replace("*", "star")
        files = {
            "models/fact/__init__.py": "",
            "models/fact/Network.py": _FACT_NETWORK,
            "models/fact/helper.py": _FACT_HELPER.format(imported=imported),
            "models/fact/fscil_trainer.py": _FACT_TRAINER.format(cls="MYNET"),
        }
        _write(root, files)
        assert _codes(root) == [], imported


def test_a_star_import_vouches_only_for_the_classes_the_file_uses(tmp_path: Path) -> None:
    """The same helper passes on a cosine network and a plain one; the trainer builds the plain one,
    and scanned alone it has no evidence at all: the Gram of its rows stays a finding."""
    files = {
        "models/fact/__init__.py": "",
        "models/fact/Network.py": _FACT_NETWORK,
        "models/fact/helper.py": _FACT_HELPER.format(imported="MYNET, PLAINNET"),
        "models/fact/fscil_trainer.py": _FACT_TRAINER.format(cls="PLAINNET"),
    }
    _write(tmp_path, files)
    assert _codes(tmp_path) == [("models/fact/fscil_trainer.py", "COS101", 12)]
    _write(tmp_path, {"models/fact/fscil_trainer.py": _FACT_TRAINER.format(cls="MYNET")})
    assert _codes(tmp_path, "models/fact/fscil_trainer.py") == [("models/fact/fscil_trainer.py", "COS101", 12)]


_SCRATCH_GPT = """\
import torch.nn as nn
from .embeddings import TokenAndPosition


class GPT(nn.Module):
    def __init__(self, vocab_size, dim, seq_len):
        super().__init__()
        self.embedding = TokenAndPosition(vocab_size, dim, seq_len)
        self.lm_head = nn.Linear(dim, vocab_size, bias=False)
        self.lm_head.weight = self.embedding.token_embedding.weight
"""
_SCRATCH_EMBEDDINGS = """\
import torch.nn as nn


class TokenAndPosition(nn.Module):
    def __init__(self, vocab_size, dim, seq_len):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab_size, dim)
        self.position_embedding = nn.{positions}
"""
_SCRATCH_SCRIPT = """\
import torch.nn.functional as F
from src.model.gpt import GPT

model = GPT(50257, 768, 1024)
table = model.embedding.token_embedding.weight
print(F.cosine_similarity(table[10], table[20], dim=0))
"""


def test_a_tied_model_whose_positions_come_from_a_component_class_makes_token_rows_head_rows(tmp_path: Path) -> None:
    """A GPT written from scratch: the tie in `gpt.py`, the learned positions in the embedding class it
    builds (`embeddings.py`); with fixed sinusoidal positions the token rows stay input geometry."""
    for positions, expected in (("Embedding(seq_len, dim)", [("src/test/probe.py", "COS150", 6)]), ("Identity()", [])):
        root = tmp_path / positions[:8]
        _write(root, {
            "src/model/__init__.py": "",
            "src/model/gpt.py": _SCRATCH_GPT,
            "src/model/embeddings.py": _SCRATCH_EMBEDDINGS.format(positions=positions),
            "src/test/probe.py": _SCRATCH_SCRIPT,
        })
        assert _codes(root) == expected, positions


_NANOGPT = """\
import torch.nn as nn


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(config.vocab_size, config.n_embd),
            wpe=nn.Embedding(config.block_size, config.n_embd),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight
"""
_NODE_COS = """\
import numpy as np
import torch
from model import GPT

model = GPT(torch.load("ckpt.pt")["config"])
emb = model.transformer.wte.weight.data[2:102].cpu().numpy()
sim = np.dot(emb[0], emb[1]) / (np.linalg.norm(emb[0]) * np.linalg.norm(emb[1]))
"""


def test_a_model_class_of_the_scan_that_ties_with_learned_positions_makes_token_rows_head_rows(
    tmp_path: Path,
) -> None:
    """nanoGPT's GPT (model.py) ties wte to lm_head and adds learned positions: an analysis that imports
    it and compares wte rows compares head rows (COS150). Untied, or without the module in the scan, quiet."""
    _write(tmp_path, {"model.py": _NANOGPT, "analyze_embeddings.py": _NODE_COS})
    assert ("analyze_embeddings.py", "COS150", 7) in _codes(tmp_path)
    # alone, `transformer.wte` is GPT-2's and nanoGPT's path: the same, and the message says it is assumed
    # (not when the file names GPT-2); a rotary model says otherwise
    assert _codes(tmp_path, "analyze_embeddings.py") == [("analyze_embeddings.py", "COS150", 7)]
    alone = check_paths([str(tmp_path / "analyze_embeddings.py")], CheckConfig()).findings
    assumed = "assumed, as `transformer.wte` is GPT-2's and nanoGPT's path"
    assert [f.code for f in alone if assumed in f.message] == ["COS150"]
    (tmp_path / "named").mkdir()
    (tmp_path / "named" / "a.py").write_text(_NODE_COS.replace("import numpy", "# GPT-2 small\nimport numpy"))
    named = check_paths([str(tmp_path / "named" / "a.py")], CheckConfig()).findings
    (tied,) = [f for f in named if f.code == "COS150"]
    assert assumed not in tied.message
    rotary = _NODE_COS.replace("from model import GPT\n", "from model import GPT  # rotary positions\n")
    _write(tmp_path / "rotary", {"analyze_embeddings.py": rotary})
    assert _codes(tmp_path / "rotary") == []
    untied = _NANOGPT.replace("        self.transformer.wte.weight = self.lm_head.weight\n", "")
    _write(tmp_path / "untied", {"model.py": untied, "analyze_embeddings.py": _NODE_COS})
    assert _codes(tmp_path / "untied") == []


_LOADER = """\
import torch
from model import GPT

_model = None


def load():
    global _model
    if _model is None:
        _model = GPT(torch.load("ode.pt")["config"])
    return _model


def tokens(text):
    return list(text.encode())
"""
_PROBE = """\
import torch.nn.functional as F
from gen import {name}

model = load()
wte = model.transformer.wte.weight.detach()
print(F.cosine_similarity(wte[256:257], wte[:256], dim=1).topk(3))
"""


def test_a_loader_function_of_a_sibling_module_that_builds_a_tied_model_makes_token_rows_head_rows(
    tmp_path: Path,
) -> None:
    """`from gen import load`, where gen.py's `load()` builds nanoGPT's GPT imported from model.py (tied,
    learned positions): the probe's `wte` rows are head rows (COS150). Scanned alone, or importing another
    function of gen (one that builds no model), `transformer.wte` is GPT-2's path: the same. The loader
    building an untied GPT (the positions without the tie): quiet."""
    _write(tmp_path, {"model.py": _NANOGPT, "gen.py": _LOADER, "probe.py": _PROBE.format(name="load")})
    assert _codes(tmp_path) == [("probe.py", "COS150", 6)]
    assert _codes(tmp_path, "probe.py") == [("probe.py", "COS150", 6)]
    other = tmp_path / "other"
    _write(other, {"model.py": _NANOGPT, "gen.py": _LOADER, "probe.py": _PROBE.format(name="tokens")})
    assert _codes(other) == [("probe.py", "COS150", 6)]
    untied = _NANOGPT.replace("        self.transformer.wte.weight = self.lm_head.weight\n", "")
    _write(tmp_path / "untied", {"model.py": untied, "gen.py": _LOADER, "probe.py": _PROBE.format(name="load")})
    assert _codes(tmp_path / "untied") == []


_TEACHING_HELPER = """\
import numpy as np
from transformers import AutoModelForMaskedLM


def cosine_similarities(a, bs):
    norm_a = np.linalg.norm(a)
    return [np.dot(a, b) / (norm_a * np.linalg.norm(b)) for b in bs]


class Model:
    def __init__(self, model_id):
        self.embedder = AutoModelForMaskedLM.from_pretrained(model_id)
        self.vocab = self.embedder.get_input_embeddings().weight.detach().numpy()

    def token_to_id(self, token):
        return self.tokenizer.convert_tokens_to_ids(token)

    def most_similar(self, token, top_n=5):
        row = self.vocab[self.token_to_id(token)]
        scores = cosine_similarities(row, self.vocab)
        return np.argsort(scores)[::-1][:top_n]
"""


def _notebook(*cells: str) -> str:
    import json

    code = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": c} for c in cells]
    return json.dumps({"cells": code, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_a_notebook_calling_a_helper_class_that_compares_token_rows_of_a_tied_checkpoint(tmp_path: Path) -> None:
    """The cosines live in the repository's helper class; the notebook names the checkpoint (BERT:
    tied, with learned positions), so each call of the comparing method is the finding."""
    nb = _notebook(
        'from tokenizeutils import Model\nmodel = Model("google-bert/bert-large-uncased")\n',
        'print(model.token_to_id("library"))\n',
        'print(model.most_similar("library", top_n=10))\n',
    )
    _write(tmp_path, {"tokenizeutils.py": _TEACHING_HELPER, "embed.ipynb": nb})
    assert _codes(tmp_path) == [("embed.ipynb", "COS150", 1), ("tokenizeutils.py", "COS150", 20)]
    # the helper module alone names no checkpoint, but loads a masked LM: most (BERT, RoBERTa, ALBERT,
    # ELECTRA, XLM-R) tie their head to the token table beside learned positions, and the message says
    # that this is assumed
    assert _codes(tmp_path, "tokenizeutils.py") == [("tokenizeutils.py", "COS150", 20)]
    findings = check_paths([str(tmp_path / "tokenizeutils.py")], CheckConfig()).findings
    (finding,) = [f for f in findings if f.code == "COS150"]
    assert "assumed, as the file loads a masked LM by a name it does not give" in finding.message


def test_the_same_helper_class_given_a_rope_checkpoint_leaves_the_notebook_quiet(tmp_path: Path) -> None:
    nb = _notebook('from tokenizeutils import Model\nmodel = Model("google/gemma-2b")\nmodel.most_similar("library")\n')
    _write(tmp_path, {"tokenizeutils.py": _TEACHING_HELPER, "embed.ipynb": nb})
    # the notebook's call is judged by the checkpoint it names (Gemma: rotary positions); the helper
    # keeps its own reading of a masked LM it loads by an unnamed checkpoint
    assert _codes(tmp_path) == [("tokenizeutils.py", "COS150", 20)]


# a neural-collapse analysis helper of the repository (real: utils/measure_nc.py of a long-tailed
# training repo) that takes the cosines of the classifier's rows itself and returns them in a dict
_NC_HELPER = """\
import numpy as np
import torch


def analysis(model, loader, args):
    W = model.fc_cb.weight.detach()
    W_norms = torch.norm(W.T, dim=0)
    Wn = W.T / W_norms
    cos = (Wn.T @ Wn).cpu().numpy()
    return {"w_norm": W_norms.cpu().numpy(), "w_cos": (cos.sum(1) - np.diag(cos)) / (cos.shape[1] - 1)}


def class_means(model, loader):
    feats = torch.cat([model(x)[1] for x, _ in loader])
    return feats.mean(0)
"""
_TRAINER = """\
from utils.measure_nc import analysis, class_means


class Trainer:
    def train(self):
        for epoch in range(self.epochs):
            if epoch % 10 == 0:
                nc_dict = analysis(self.model, self.train_loader, self.args)
                self.log.info("Wcos %s", nc_dict["w_cos"])
                mu = class_means(self.model, self.train_loader)
"""


def test_a_call_of_another_modules_function_that_compares_head_rows_inside_is_a_finding(tmp_path: Path) -> None:
    """The cosines live in the repository's analysis helper; the trainer that calls it and logs them
    has its finding at the call (the helper module has its own)."""
    _write(tmp_path, {"utils/measure_nc.py": _NC_HELPER, "trainer.py": _TRAINER})
    assert _codes(tmp_path) == [("trainer.py", "COS101", 8), ("utils/measure_nc.py", "COS101", 9)]
    # scanned alone, the trainer has nothing to follow
    assert _codes(tmp_path, "trainer.py") == []


def test_a_call_of_another_modules_function_without_head_geometry_stays_quiet(tmp_path: Path) -> None:
    trainer = _TRAINER.replace("nc_dict = analysis(self.model, self.train_loader, self.args)", "nc_dict = {}")
    _write(tmp_path, {"utils/measure_nc.py": _NC_HELPER, "trainer.py": trainer})
    assert _codes(tmp_path) == [("utils/measure_nc.py", "COS101", 9)]


_VERBALIZER = """\
import torch
from sentence_transformers import util


class EmbVerbalizer:
    def __init__(self, tokenizer, model=None):
        self.tokenizer = tokenizer
        self.embeddings = model.get_input_embeddings()

    def from_file(self, words, k=10):
        sim = torch.zeros(len(words), self.tokenizer.vocab_size)
        for i, w in enumerate(words):
            base = self.embeddings(torch.tensor([self.tokenizer.convert_tokens_to_ids(w)]))
            for j in range(self.tokenizer.vocab_size):
                sim[i][j] = util.cos_sim(self.embeddings(torch.tensor([j])), base)[0][0]
        return [torch.topk(sim[i], k) for i in range(len(words))]
"""
_DRIVER = """\
from transformers import AutoModelForMaskedLM, AutoTokenizer
from prompts import EmbVerbalizer

plm = AutoModelForMaskedLM.from_pretrained("roberta-large")
tok = AutoTokenizer.from_pretrained("roberta-large")
words = EmbVerbalizer(tok, model=plm).from_file(["sports", "politics"])
"""


def test_a_class_a_package_re_exports_from_its_module_is_followed(tmp_path: Path) -> None:
    """`from prompts import EmbVerbalizer`, which `prompts/__init__.py` takes from `.emb_verbalizer`:
    the class's comparing method is followed as if imported from its own module (one hop)."""
    package = {"prompts/__init__.py": "from .emb_verbalizer import EmbVerbalizer\n",
               "prompts/emb_verbalizer.py": _VERBALIZER, "run.py": _DRIVER}
    _write(tmp_path, package)
    assert _codes(tmp_path, "run.py", "prompts") == [("run.py", "COS150", 6)]
    # a package that re-exports other names, or nothing, passes nothing on
    _write(tmp_path, {"prompts/__init__.py": "from .emb_verbalizer import Other\n"})
    assert _codes(tmp_path, "run.py", "prompts") == []
    _write(tmp_path, {"prompts/__init__.py": "from .emb_verbalizer import *\n"})
    assert _codes(tmp_path, "run.py", "prompts") == [("run.py", "COS150", 6)]
