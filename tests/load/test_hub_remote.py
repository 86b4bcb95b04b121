"""Hub ids against a local Hub (tests/hubserver.py on 127.0.0.1, pointed to by HF_ENDPOINT):
the real huggingface_hub client, range reads of the head only, the cache, offline reruns, bare
ids, revisions, gated repos, repos without safetensors and hostile answers."""

from __future__ import annotations

import contextlib
import json
import os
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from ckptkit import assert_one_line_error, run_cli, split_file, write_safetensors
from hubserver import HubServer, Repo

COMMIT = "0123456789abcdef0123456789abcdef01234567"
OTHER = "fedcba9876543210fedcba9876543210fedcba98"
S1 = "model-00001-of-00002.safetensors"
S2 = "model-00002-of-00002.safetensors"
V, D = 50, 16
INDEX = "model.safetensors.index.json"


@pytest.fixture
def online(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Network allowed (to 127.0.0.1 only: every endpoint in these tests is local)."""
    from huggingface_hub import constants
    from huggingface_hub.utils import close_session

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "no-token"))
    monkeypatch.setattr(constants, "HF_STORED_TOKENS_PATH", str(tmp_path / "no-tokens"))
    monkeypatch.setenv("COSAUDIT_HUB_TIMEOUT", "3")
    monkeypatch.setenv("COSAUDIT_HUB_RETRIES", "0")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    close_session()  # a fresh client reads the proxy settings again
    yield
    close_session()


def serve(monkeypatch: pytest.MonkeyPatch, repos: dict[str, Repo]) -> HubServer:
    hub = HubServer(repos).__enter__()
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    return hub


@contextlib.contextmanager
def hub_with(monkeypatch: pytest.MonkeyPatch, repos: dict[str, Repo]) -> Iterator[HubServer]:
    """A local Hub serving `repos`, with HF_ENDPOINT pointing at it; stopped on exit."""
    with HubServer(repos) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        yield hub


def two_shards(tmp_path: Path) -> tuple[dict[str, bytes], np.ndarray]:
    """A Llama-shaped model: shard 1 = embeddings, a layer, the final norm; shard 2 = another
    layer *and* the head (with a bias), so the head is a range inside a larger file."""
    rng = np.random.default_rng(0)
    w = rng.standard_normal((V, D)).astype(np.float32)
    s1 = write_safetensors(tmp_path / S1, {
        "model.embed_tokens.weight": ("F32", rng.standard_normal((V, D))),
        "model.layers.0.mlp.weight": ("F32", rng.standard_normal((256, D))),
        "model.norm.weight": ("F32", 1 + rng.random(D)),
    })
    s2 = write_safetensors(tmp_path / S2, {
        "model.layers.1.mlp.weight": ("F32", rng.standard_normal((512, D))),
        "lm_head.weight": ("F32", w),
        "model.layers.1.post.weight": ("F32", rng.standard_normal((128, D))),
    })
    weight_map = {n: S1 for n in split_file(s1)[0]} | {n: S2 for n in split_file(s2)[0]}
    config = {"model_type": "llama", "hidden_size": D, "vocab_size": V, "tie_word_embeddings": False,
              "rms_norm_eps": 1e-6}
    files = {
        "config.json": json.dumps(config).encode(),
        "model.safetensors.index.json": json.dumps({"metadata": {}, "weight_map": weight_map}).encode(),
        S1: s1.read_bytes(),
        S2: s2.read_bytes(),
        "README.md": b"# a model\n",
    }
    return files, w


def single(tmp_path: Path, seed: int = 1) -> dict[str, bytes]:
    w = np.random.default_rng(seed).standard_normal((6, 4)).astype(np.float32)
    path = write_safetensors(tmp_path / f"single{seed}.safetensors", {"classifier.weight": ("F32", w)})
    cfg = {"id2label": {str(i): f"c{i}" for i in range(6)}}
    return {"config.json": json.dumps(cfg).encode(), "model.safetensors": path.read_bytes()}


def ranges_of(files: dict[str, bytes], shard: str) -> dict[str, tuple[int, int]]:
    header, _ = split_file_bytes(files[shard])
    n = struct.unpack("<Q", files[shard][:8])[0]
    out = {"__header__": (0, 8 + n)}
    for name, info in header.items():
        if name != "__metadata__":
            a, b = info["data_offsets"]
            out[name] = (8 + n + a, 8 + n + b)
    return out


def split_file_bytes(raw: bytes) -> tuple[dict, bytes]:
    (n,) = struct.unpack("<Q", raw[:8])
    return json.loads(raw[8:8 + n]), raw[8 + n:]


def cached_files() -> list[Path]:
    root = Path(os.environ["HF_HOME"]) / "cosaudit" / "hub"
    return sorted(p for p in root.rglob("*") if p.is_file() and "/refs/" not in str(p)) if root.exists() else []


# --- only the head's bytes, and the cache ---------------------------------------------------------


def test_inspect_reads_header_and_head_only_then_works_offline(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    files, w = two_shards(tmp_path)
    hub = serve(monkeypatch, {"org/two": Repo(files, commit=COMMIT)})
    try:
        r = run_cli(["inspect", "org/two", "--ids", "3", "7", "--format", "json"])
        assert r.exit_code == 0, r.stderr
    finally:
        hub.stop()
    report = json.loads(r.stdout)
    c = report["checkpoint"]
    assert c["kind"] == "hub" and c["revision"] == COMMIT and c["tensor"] == "lm_head.weight"
    r2 = ranges_of(files, S2)
    head_range = r2["lm_head.weight"]
    header_len = r2["__header__"][1]
    assert c["transfer"] == {"shard": S2, "shard_bytes": len(files[S2]), "by_range": True, "commit": COMMIT,
                             "fetched_bytes": header_len + head_range[1] - head_range[0]}
    # what the server sent: headers, the head, the final norm — nothing of any other tensor
    allowed = {(S2, *head_range), (S1, *ranges_of(files, S1)["model.norm.weight"])}
    weights = [s for s in hub.served if s.file.endswith(".safetensors")]
    for s in weights:
        assert s.start < 8 + struct.unpack("<Q", files[s.file][:8])[0] or (s.file, s.start, s.stop) in allowed, s
    assert sum(1 for s in weights if (s.file, s.start, s.stop) == (S2, *head_range)) == 1
    sent_s2 = hub.bytes_served(S2)
    assert sent_s2 == header_len + head_range[1] - head_range[0] < len(files[S2]) / 2
    for big in ("model.layers.1.mlp.weight", "model.layers.1.post.weight"):
        a, b = r2[big]
        assert not any(s.file == S2 and s.start < b and s.stop > a for s in weights), big
    assert "README.md" not in {s.file for s in hub.served}
    # the same numbers as a local copy of the same files
    local = tmp_path / "local"
    local.mkdir()
    for name, data in files.items():
        (local / name).write_bytes(data)
    local_report = json.loads(run_cli(["inspect", local, "--ids", "3", "7", "--format", "json"]).stdout)
    assert report["cosine"] == local_report["cosine"]
    # second run: the server is gone, HF_HUB_OFFLINE=1, the same report
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    again = run_cli(["inspect", "org/two", "--ids", "3", "7", "--format", "json"])
    assert again.exit_code == 0, again.stderr
    assert json.loads(again.stdout) == report


def test_second_online_run_fetches_no_weights_again(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    files, _ = two_shards(tmp_path)
    with hub_with(monkeypatch, {"org/two": Repo(files)}) as hub:
        assert run_cli(["inspect", "org/two", "--ids", "1", "2"]).exit_code == 0
        first = hub.bytes_served(S2)
        assert run_cli(["inspect", "org/two", "--ids", "1", "2"]).exit_code == 0
        assert hub.bytes_served(S2) == first  # from the cache
        assert any(q.startswith("GET /api/models/org/two") for q in hub.requests)


def test_offline_without_cached_ranges_says_so(online: None, monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    files, _ = two_shards(tmp_path)
    with hub_with(monkeypatch, {"org/two": Repo(files)}):
        assert run_cli(["inspect", "org/two", "--ids", "1"]).exit_code == 0
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    r = run_cli(["inspect", "org/two@v2"])
    assert_one_line_error(r, "org/two@v2", "not in the local Hugging Face cache", "HF_HUB_OFFLINE")


# --- ids, revisions ------------------------------------------------------------------------


def test_bare_id_resolves_like_org_name(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with hub_with(monkeypatch, {"gpt2": Repo(single(tmp_path), commit=OTHER)}) as hub:
        monkeypatch.chdir(tmp_path)
        r = run_cli(["inspect", "gpt2", "--labels", "c2", "c4", "--format", "json"])
        assert r.exit_code == 0, r.stderr
        c = json.loads(r.stdout)["checkpoint"]
        assert c["source"] == "gpt2" and c["kind"] == "hub" and c["revision"] == OTHER
        # the weight file came through the redirect to a content URL, by range
        assert any(q.startswith("GET /content/gpt2/") for q in hub.requests)
        n = len(single(tmp_path)["model.safetensors"])
        assert r.stderr == f"gpt2@{OTHER[:12]}: reading the header and the head ({n:,} bytes) of the {n:,} " \
            "bytes shard model.safetensors by HTTP range requests\n"
        again = run_cli(["inspect", "gpt2", "--labels", "c2", "c4", "--format", "json"])
        assert again.stdout == r.stdout and again.stderr.endswith("model.safetensors from the cache\n")


def test_local_path_wins_and_says_so(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with hub_with(monkeypatch, {"gpt2": Repo(single(tmp_path, 1))}) as hub:
        folder = tmp_path / "gpt2"
        folder.mkdir()
        for name, data in single(tmp_path, 2).items():
            (folder / name).write_bytes(data)
        monkeypatch.chdir(tmp_path)
        r = run_cli(["inspect", "gpt2", "--ids", "0", "1", "--format", "json"])
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout)["checkpoint"]["kind"] == "folder"
        assert "gpt2 is a local folder and could be a Hub id: using the local folder" in r.stderr
        assert "hf://gpt2" in r.stderr
        assert hub.requests == []
        forced = run_cli(["inspect", "hf://gpt2", "--ids", "0", "1", "--format", "json"])
        assert forced.exit_code == 0, forced.stderr
        c = json.loads(forced.stdout)["checkpoint"]
        assert c["kind"] == "hub" and c["source"] == "gpt2"


def test_org_name_folder_is_ambiguous_only_when_the_repo_is_known(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "org" / "m"
    folder.mkdir(parents=True)
    for name, data in single(tmp_path, 2).items():
        (folder / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    quiet = run_cli(["inspect", "org/m", "--ids", "0", "1"])  # a plain relative path
    assert quiet.exit_code == 0 and quiet.stderr == ""
    with hub_with(monkeypatch, {"org/m": Repo(single(tmp_path, 1))}):
        assert run_cli(["inspect", "hf://org/m"]).exit_code == 0  # now the repo is in the cache
    said = run_cli(["inspect", "org/m", "--ids", "0", "1"])
    assert said.exit_code == 0 and "org/m is a local folder and could be a Hub id" in said.stderr


@pytest.mark.parametrize("how", [["org/m@v1.0"], ["org/m", "--revision", "dev"], [f"org/m@{COMMIT}"], ["org/m"]])
def test_revision_branch_tag_or_commit(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       how: list[str]) -> None:
    repo = Repo(single(tmp_path), commit=COMMIT, refs={"v1.0": COMMIT, "dev": COMMIT})
    with hub_with(monkeypatch, {"org/m": repo}):
        r = run_cli(["inspect", *how, "--format", "json"])
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout)["checkpoint"]["revision"] == COMMIT
    # and offline, the same name resolves from the cache
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    r = run_cli(["inspect", *how, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["checkpoint"]["revision"] == COMMIT


def test_unknown_revision_and_repo(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with hub_with(monkeypatch, {"org/m": Repo(single(tmp_path))}):
        assert_one_line_error(run_cli(["inspect", "org/m@nope"]), "org/m has no revision 'nope'",
                              "branch, a tag or a full commit")
        assert_one_line_error(run_cli(["inspect", "org/none"]), "no such file or folder: org/none",
                              "no Hub repo org/none visible without a token (HTTP 401)", "HF_TOKEN")
        assert_one_line_error(run_cli(["inspect", "bert-base-nothing"]), "no such file or folder",
                              "no Hub repo bert-base-nothing")
        monkeypatch.setenv("HF_TOKEN", "hf_some_token")  # with a token the Hub says 404
        line = assert_one_line_error(run_cli(["inspect", "org/none"]), "no Hub repo org/none (HTTP 404)")
        assert "hf_some_token" not in line


# --- access and formats ---------------------------------------------------------------------


def test_gated_repo_needs_a_token(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    secret = "hf_TESTsecretTOKENvalue0123456789"
    repo = Repo(single(tmp_path), gated=True, token="hf_theRightOne")
    with hub_with(monkeypatch, {"org/gated": repo}):
        line = assert_one_line_error(run_cli(["inspect", "org/gated"]), "org/gated is gated",
                                     "a token is needed", "HF_TOKEN", "hf auth login", "huggingface-cli login")
        assert "401" in line
        monkeypatch.setenv("HF_TOKEN", secret)
        r = run_cli(["inspect", "org/gated"])
        line = assert_one_line_error(r, "org/gated", "the token in use has no access", "403")
        assert secret not in r.stderr + r.stdout
        monkeypatch.setenv("HF_TOKEN", "hf_theRightOne")
        ok = run_cli(["inspect", "org/gated", "--format", "json"])
        assert ok.exit_code == 0, ok.stderr


def test_private_repo(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with hub_with(monkeypatch, {"org/private": Repo(single(tmp_path), private=True, token="t")}):
        assert_one_line_error(run_cli(["inspect", "org/private"]), "not exist, or it is private",
                              "a private repo needs a token", "HF_TOKEN", "hf auth login")
        monkeypatch.setenv("HF_TOKEN", "hf_wrong")
        assert_one_line_error(run_cli(["inspect", "org/private"]), "org/private is private or gated",
                              "the token in use has no access (HTTP 403)")


def test_repo_without_safetensors(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    repos = {
        "org/pickle": Repo({"config.json": b"{}", "pytorch_model.bin": b"\x80\x04 not really"}),
        "org/empty": Repo({"config.json": b"{}", "README.md": b"hi"}),
    }
    with hub_with(monkeypatch, repos) as hub:
        assert_one_line_error(run_cli(["inspect", "org/pickle"]), "only pickle weights (pytorch_model.bin)",
                              "never unpickles")
        assert_one_line_error(run_cli(["inspect", "org/empty"]), "has no safetensors weights",
                              "pickle weights are refused")
        assert not any("pytorch_model.bin" in q for q in hub.requests)  # never fetched


# --- no network ---------------------------------------------------------------------------


def test_refused_connection_is_one_fast_line(online: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from hubserver import closed_port

    monkeypatch.setenv("HF_ENDPOINT", closed_port())
    monkeypatch.delenv("COSAUDIT_HUB_RETRIES")  # the default: the first contact is never retried
    t0 = time.monotonic()
    r = run_cli(["inspect", "gpt2"])
    elapsed = time.monotonic() - t0
    assert_one_line_error(r, "cannot reach the Hugging Face Hub", "connection was refused",
                          "HF_HUB_OFFLINE=1", "local path")
    assert elapsed < 5, elapsed


def test_silent_endpoint_times_out_within_the_bound(online: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from hubserver import SilentServer

    monkeypatch.setenv("COSAUDIT_HUB_TIMEOUT", "1")
    monkeypatch.delenv("COSAUDIT_HUB_RETRIES")
    with SilentServer() as silent:
        monkeypatch.setenv("HF_ENDPOINT", silent.url)
        t0 = time.monotonic()
        r = run_cli(["inspect", "org/name"])
        elapsed = time.monotonic() - t0
    assert_one_line_error(r, "cannot reach the Hugging Face Hub", "no answer within 1 s", "COSAUDIT_HUB_TIMEOUT")
    assert elapsed < 4, elapsed


def test_unreachable_hub_with_a_cached_model_says_use_offline(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from hubserver import closed_port

    with hub_with(monkeypatch, {"org/m": Repo(single(tmp_path))}):
        assert run_cli(["inspect", "org/m"]).exit_code == 0
    monkeypatch.setenv("HF_ENDPOINT", closed_port())
    assert_one_line_error(run_cli(["inspect", "org/m"]), "connection was refused",
                          "it is in the local cache: run with HF_HUB_OFFLINE=1")


def test_proxy_refusal_is_named(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hubserver import closed_port
    from huggingface_hub.utils import close_session

    with hub_with(monkeypatch, {"org/m": Repo(single(tmp_path))}) as hub:
        monkeypatch.setenv("HTTP_PROXY", closed_port())
        monkeypatch.setenv("NO_PROXY", "")
        close_session()
        assert_one_line_error(run_cli(["inspect", "org/m"]), "cannot reach the Hugging Face Hub", "proxy")
        assert hub.requests == []


@pytest.mark.parametrize("value", ["abc", "-1", "0"])
def test_bad_timeout_setting(online: None, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("COSAUDIT_HUB_TIMEOUT", value)
    assert_one_line_error(run_cli(["inspect", "org/m"]), "COSAUDIT_HUB_TIMEOUT")


# --- hostile answers ----------------------------------------------------------------------


def test_header_length_two_to_the_60(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    evil = struct.pack("<Q", 2**60) + b'{"a":1}' + b"\0" * 100
    with hub_with(monkeypatch, {"org/evil": Repo({"config.json": b"{}", "model.safetensors": evil})}) as hub:
        assert_one_line_error(run_cli(["inspect", "org/evil"]), "header length 1152921504606846976",
                              "model.safetensors of org/evil")
        assert hub.bytes_served("model.safetensors") == 8  # the length only; never asked for 2^60 bytes
    assert [p.name for p in cached_files()] == ["config.json"]


def test_range_answer_of_the_wrong_length(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with hub_with(monkeypatch, {"org/short": Repo(single(tmp_path), short_ranges=True)}):
        assert_one_line_error(run_cli(["inspect", "org/short"]), "8-byte range request",
                              "with 7 bytes", "nothing was kept")
    assert [p.name for p in cached_files()] == ["config.json"]


def test_short_range_for_the_head_keeps_nothing(online: None, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    files, _ = two_shards(tmp_path)
    repo = Repo(files)
    with hub_with(monkeypatch, {"org/two": repo}):
        from cosaudit.load import open_head

        head = open_head("org/two")  # the headers arrive whole
        repo.short_ranges = True
        with pytest.raises(Exception, match="range request for lm_head|with .* bytes"):
            head.matrix()
    assert not [p for p in cached_files() if p.parent.name == S2 and p.name[0].isdigit()]


@pytest.mark.parametrize("shard", ["../x.safetensors", "/etc/passwd", "other.safetensors"])
def test_index_pointing_outside_the_repo(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         shard: str) -> None:
    index = {"weight_map": {"lm_head.weight": shard}}
    files = {"config.json": b"{}", "model.safetensors.index.json": json.dumps(index).encode()}
    with hub_with(monkeypatch, {"org/evil": Repo(files)}) as hub:
        expected = "not a file of the repo" if shard == "other.safetensors" else "outside the checkpoint folder"
        assert_one_line_error(run_cli(["inspect", "org/evil"]), expected, repr(shard))
        assert not any(".safetensors" in q and "index" not in q for q in hub.requests)
    assert [p.name for p in cached_files()] == ["config.json"]  # the index was not kept


# --- flip --save needs the whole checkpoint -------------------------------------------------


def test_flip_save_downloads_the_whole_checkpoint_first(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    files, w = two_shards(tmp_path)
    out = tmp_path / "out"
    with hub_with(monkeypatch, {"org/two": Repo(files, commit=COMMIT)}) as hub:
        r = run_cli(["flip", "org/two", "--ids", "3", "7", "--target", "-1", "--save", out])
        assert r.exit_code == 0, r.stderr
        assert r.stderr.index("--save needs the whole checkpoint") < r.stderr.index("wrote")
        assert hub.bytes_served(S1) >= len(files[S1]) and hub.bytes_served(S2) >= len(files[S2])
    snap = Path(os.environ["HF_HOME"]) / "hub" / "models--org--two" / "snapshots" / COMMIT
    assert (snap / S1).read_bytes() == files[S1] and (snap / S2).read_bytes() == files[S2]
    assert {S1, S2, "config.json", INDEX} <= {p.name for p in out.iterdir()}
    from cosaudit.load import open_head

    saved = open_head(str(out))
    assert saved.weight.name == "lm_head.weight" and saved.shape == (V, D)


def test_flip_save_offline_with_only_the_head_cached(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    files, _ = two_shards(tmp_path)
    with hub_with(monkeypatch, {"org/two": Repo(files)}):
        assert run_cli(["inspect", "org/two", "--ids", "3", "7"]).exit_code == 0
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    out = tmp_path / "out"
    r = run_cli(["flip", "org/two", "--ids", "3", "7", "--target", "-1", "--save", out])
    assert r.exit_code == 2 and r.stdout == "" and "Traceback" not in r.stderr
    note, error = r.stderr.strip().splitlines()
    assert note.endswith(f"shard {S2} from the cache")
    for needle in ("error: --save needs the whole checkpoint", "not in the Hugging Face cache (e.g. " + S1,
                   "hf download"):
        assert needle in error
    assert not out.exists()


# --- the cache ----------------------------------------------------------------------------


def test_a_cache_entry_of_the_wrong_length_is_fetched_again(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COSAUDIT_CACHE", str(tmp_path / "mycache"))
    files, _ = two_shards(tmp_path)
    with hub_with(monkeypatch, {"org/two": Repo(files, commit=COMMIT)}) as hub:
        first = run_cli(["inspect", "org/two", "--ids", "3", "7", "--format", "json"])
        assert first.exit_code == 0, first.stderr
        a, b = ranges_of(files, S2)["lm_head.weight"]
        entry = tmp_path / "mycache" / "hub" / "models--org--two" / COMMIT / "ranges" / S2 / f"{a}-{b}"
        assert entry.read_bytes() == files[S2][a:b]  # keyed by repo, commit, file and byte range
        entry.write_bytes(entry.read_bytes()[:-4])  # a damaged entry
        served = hub.bytes_served(S2)
        again = run_cli(["inspect", "org/two", "--ids", "3", "7", "--format", "json"])
        assert again.exit_code == 0, again.stderr
        assert json.loads(again.stdout) == json.loads(first.stdout)
        assert hub.bytes_served(S2) - served == b - a  # the head once more, nothing else
        assert entry.read_bytes() == files[S2][a:b]
    assert not (Path(os.environ["HF_HOME"]) / "cosaudit").exists()


def test_network_causes_are_named() -> None:
    import httpx2

    from cosaudit.load.remote import network_cause

    assert "DNS failure" in network_cause(httpx2.ConnectError("[Errno -2] Name or service not known"), 8)
    assert "DNS failure" in network_cause(httpx2.ConnectError("[Errno -3] Temporary failure in name resolution"), 8)
    assert network_cause(httpx2.ConnectError("[Errno 111] Connection refused"), 8) == "the connection was refused"
    assert "proxy refused" in network_cause(httpx2.ProxyError("407 Proxy Authentication Required"), 8)
    assert network_cause(httpx2.ReadTimeout("timed out"), 2.5) == "no answer within 2.5 s (timed out)"
    assert "TLS" in network_cause(httpx2.ConnectError("[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify"), 8)
    assert network_cause(ValueError("x"), 8) is None


@pytest.mark.parametrize(("value", "hub"), [("gpt2", True), ("org/name@v1", True), ("mymodel", False)])
def test_pyproject_checkpoint_may_be_a_bare_id(tmp_path: Path, value: str, hub: bool) -> None:
    from cosaudit.load.source import default_checkpoint

    (tmp_path / "pyproject.toml").write_text(f'[tool.cosaudit]\ncheckpoint = "{value}"\n')
    if not hub:
        (tmp_path / value).mkdir()  # an existing folder of that name is a path, relative to the file
    got, how = default_checkpoint(tmp_path)
    assert got == (value if hub else str(tmp_path / value)) and "pyproject.toml" in how


def test_cache_entries_are_whole_or_absent(tmp_path: Path) -> None:
    from cosaudit.errors import CheckpointFormatError
    from cosaudit.load.hubcache import RangeCache

    cache = RangeCache("org/m", COMMIT, root=tmp_path)
    path = cache.range_path("sub/w.safetensors", 10, 20)
    assert path == tmp_path / "models--org--m" / COMMIT / "ranges" / "sub" / "w.safetensors" / "10-20"
    with pytest.raises(CheckpointFormatError, match="wrong length"):
        cache.fill(path, 10, lambda sink: sink(b"x" * 9))
    with pytest.raises(RuntimeError):
        cache.fill(path, 10, lambda sink: (sink(b"x" * 5), (_ for _ in ()).throw(RuntimeError("cut"))))
    assert not path.exists() and list(path.parent.iterdir()) == []  # no entry, no temporary file
    cache.fill(path, 10, lambda sink: sink(b"y" * 10))
    assert cache.read(path, 10) == b"y" * 10 and cache.read(path, 11) is None
    for bad in ("../x", "/abs", "a/../b", "a\\b", ""):
        with pytest.raises(CheckpointFormatError, match="outside"):
            cache.range_path(bad, 0, 1)


def test_a_companion_in_another_shard_costs_its_header_and_its_bytes(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cosaudit.load import open_head
    from cosaudit.load.source import ShardTensor

    files, _ = two_shards(tmp_path)
    with hub_with(monkeypatch, {"org/two": Repo(files)}) as hub:
        head = open_head("org/two")
        assert isinstance(head.final_norm.weight, ShardTensor) and hub.bytes_served(S1) == 0
        gain = head.final_norm.gain()
        r1 = ranges_of(files, S1)
        a, b = r1["model.norm.weight"]
        assert hub.bytes_served(S1) == r1["__header__"][1] + (b - a)
    np.testing.assert_array_equal(gain, np.frombuffer(files[S1][a:b], dtype="<f4"))


@pytest.mark.parametrize(("retries", "ok"), [("0", False), ("2", True)])
def test_retries_are_bounded_by_the_setting(online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            retries: str, ok: bool) -> None:
    monkeypatch.setenv("COSAUDIT_HUB_RETRIES", retries)
    repo = Repo(single(tmp_path), busy=2)  # the first two range requests are answered 503
    with hub_with(monkeypatch, {"org/busy": repo}):
        r = run_cli(["inspect", "org/busy", "--format", "json"])
    if ok:
        assert r.exit_code == 0, r.stderr
        assert repo.busy == 0
    else:
        assert_one_line_error(r, "the Hub answered HTTP 503", "org/busy")
        assert repo.busy == 1  # asked once, not retried


def test_a_dropped_connection_resumes_where_it_stopped(
    online: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cosaudit.load import open_head
    from cosaudit.load.remote import CHUNK

    monkeypatch.setenv("COSAUDIT_HUB_RETRIES", "1")
    w = np.random.default_rng(3).standard_normal((1024, 768)).astype(np.float32)  # 3 MiB: chunks arrive
    path = write_safetensors(tmp_path / "big.safetensors", {"lm_head.weight": ("F32", w)})
    repo = Repo({"config.json": b"{}", "model.safetensors": path.read_bytes()})
    with hub_with(monkeypatch, {"org/big": repo}) as hub:
        head = open_head("org/big")
        repo.cut_once = True  # the head's answer stops after 1.5 MiB
        got = head.matrix()
    a, b = ranges_of(repo.files, "model.safetensors")["lm_head.weight"]
    (first, second) = [(s.start, s.stop, s.sent) for s in hub.served if s.start >= a]
    assert first == (a, b, (b - a) // 2)
    delivered = second[0] - a  # whole chunks taken from the first answer; the rest asked again
    assert 0 < delivered <= (b - a) // 2 and delivered % CHUNK == 0 and second[1:] == (b, b - a - delivered)
    np.testing.assert_array_equal(got, w)


def test_a_host_name_that_does_not_resolve(online: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_ENDPOINT", "http://cosaudit-no-such-host.invalid")  # .invalid never resolves
    t0 = time.monotonic()
    r = run_cli(["inspect", "gpt2"])
    assert_one_line_error(r, "cannot reach the Hugging Face Hub at http://cosaudit-no-such-host.invalid",
                          "could not be resolved", "HF_HUB_OFFLINE=1")
    assert time.monotonic() - t0 < 3 + 2  # COSAUDIT_HUB_TIMEOUT=3 bounds the lookup too
