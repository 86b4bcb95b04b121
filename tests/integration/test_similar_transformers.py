"""`cosaudit.similar(model, labels, texts=…, tokenizer=…)` on tiny transformers models: the states
it captures at the head's input equal the model's own last hidden states, so the numbers equal
`cosaudit similar --hidden` on those states; and the model is left exactly as it was."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from ckptkit import run_cli  # noqa: E402
from test_flip_transformers import SENTENCES, _build  # noqa: E402

from cosaudit.api_similar import similar  # noqa: E402

pytestmark = pytest.mark.integration

LABELS = ["dog", "cat", "the", "car"]


def _param_bytes(model) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    out = {}
    for name, p in model.state_dict().items():
        buf = io.BytesIO()
        np.save(buf, p.detach().cpu().numpy())
        out[name] = buf.getvalue()
    return out


@pytest.mark.parametrize("kind", ["gpt2", "llama"])
def test_texts_equal_hidden_states_and_model_unchanged(kind: str, tmp_path: Path) -> None:
    model, tok = _build(kind, tmp_path / kind)
    model.train()  # a mode the call must restore
    before = _param_bytes(model)
    rep = similar(model, LABELS, texts=SENTENCES, tokenizer=tok, top=3)
    assert _param_bytes(model) == before
    assert model.training is True
    assert not model.get_output_embeddings()._forward_hooks  # the hook is gone
    # the model's own last hidden states (after its final norm), position by position
    model.eval()
    states = []
    with torch.no_grad():
        for text in SENTENCES:
            enc = tok(text, return_tensors="pt")
            out = model(**enc, output_hidden_states=True)
            states.append(out.hidden_states[-1][0].double().numpy())
    h = np.concatenate(states)
    assert rep.n_inputs == h.shape[0]
    np.save(tmp_path / "h.npy", h)
    r = run_cli(["similar", tmp_path / kind, "--labels", *LABELS, "--hidden", tmp_path / "h.npy", "--top", "3",
                 "--format", "json"])
    assert r.exit_code == 0, r.stderr
    cli = json.loads(r.stdout)
    got = rep.to_dict()
    for key in ("logprob_correlation", "cotop_rate", "runner_up_rate", "cosine"):
        a = np.array(got[key], dtype=float)
        b = np.array(cli[key], dtype=float)
        np.testing.assert_array_equal(np.isnan(a), np.isnan(b), err_msg=key)
        np.testing.assert_allclose(np.nan_to_num(a), np.nan_to_num(b), atol=1e-5, err_msg=key)
    assert "captured at the input of get_output_embeddings()" in rep.hidden_source


def test_texts_need_a_live_model_and_a_tokenizer(tmp_path: Path) -> None:
    from cosaudit.errors import UsageError

    model, tok = _build("gpt2", tmp_path / "m")
    with pytest.raises(UsageError, match="tokenizer"):
        similar(model, LABELS, texts=SENTENCES)
    with pytest.raises(UsageError, match="live model"):
        similar(str(tmp_path / "m"), LABELS, texts=SENTENCES, tokenizer=tok)


def test_transformer_lens_bridge_gives_the_numbers_of_its_model(tmp_path: Path) -> None:
    """TransformerLens' compatibility mode processes the weights in place (folds the final norm
    gain into the head, centers the unembedding): the behavioural numbers stay, the cosines move."""
    bridge_mod = pytest.importorskip("transformer_lens.model_bridge")
    model, tok = _build("gpt2", tmp_path / "m")
    want = similar(model, LABELS, texts=SENTENCES, tokenizer=tok, top=3).to_dict()
    bridge = bridge_mod.TransformerBridge.boot_transformers(str(tmp_path / "m"), hf_model=model, tokenizer=tok)
    bridge.enable_compatibility_mode()
    got = similar(bridge, LABELS, texts=SENTENCES, top=3).to_dict()  # the bridge's own tokenizer
    assert got["n_inputs"] == want["n_inputs"]
    for key in ("logprob_correlation", "cotop_rate", "runner_up_rate"):
        np.testing.assert_allclose(np.array(got[key], dtype=float), np.array(want[key], dtype=float),
                                   atol=1e-5, err_msg=key)
    assert not np.allclose(np.array(got["cosine"], dtype=float), np.array(want["cosine"], dtype=float), atol=1e-3)
