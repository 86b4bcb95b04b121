"""A small Hugging Face Hub on 127.0.0.1 for the tests and the benchmark: the real
`huggingface_hub` client talks to it through HF_ENDPOINT; nothing inside the client is mocked.

It serves, for each repo, what the Hub serves:
- `GET /api/models/{repo}` and `/api/models/{repo}/revision/{rev}`: id, sha, siblings;
- `HEAD|GET /{repo}/resolve/{rev}/{file}`: small files directly, weight files (`.safetensors`)
  by a 302 redirect to a content URL on the same server, with `X-Repo-Commit`, `ETag`,
  `X-Linked-Etag` and `X-Linked-Size`;
- `Range: bytes=a-b` answered with 206 and `Content-Range`;
- gated (401 without a token, 403 with the wrong one) and private repos, the Hub's
  `X-Error-Code` headers (RepoNotFound, RevisionNotFound, EntryNotFound, GatedRepo).

Every byte of file content sent is recorded (`served`), so a test can say which ranges a
command read. Hostile answers on demand: `short_ranges` (a range answer one byte short);
flaky ones: `busy` (the next N range requests get 503), `cut_once` (a connection dropped half-way).
Also: `closed_port()` (connections refused) and `SilentServer` (accepts, never answers).
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

RANGE = re.compile(r"^bytes=(\d+)-(\d*)$")


@dataclass
class Repo:
    """One model repo: files at one commit, refs (branches/tags) that name it."""

    files: dict[str, bytes]
    commit: str = "0123456789abcdef0123456789abcdef01234567"
    refs: dict[str, str] = field(default_factory=dict)  # extra branch/tag → commit (main is added)
    gated: bool = False
    private: bool = False
    token: str | None = None  # the one token that has access (gated/private)
    short_ranges: bool = False  # hostile: every range answer is one byte short
    busy: int = 0  # flaky: this many range requests are answered 503 before the others are served
    cut_once: bool = False  # flaky: the first range answer of >= 1 KiB stops half-way (connection closed)

    def etag(self, file: str) -> str:
        """The file's sha256 (as the Hub's ETag of an LFS file), computed once."""
        cache = self.__dict__.setdefault("_etags", {})
        if file not in cache:
            cache[file] = f'"{hashlib.sha256(self.files[file]).hexdigest()}"'
        return cache[file]

    def commit_of(self, rev: str) -> str | None:
        if rev == self.commit:
            return self.commit
        return {"main": self.commit, **self.refs}.get(rev)


@dataclass
class Served:
    repo: str
    file: str
    start: int
    stop: int  # exclusive
    sent: int


class HubServer:
    """Start with `with HubServer(repos) as hub:`; `hub.url` is the HF_ENDPOINT."""

    def __init__(self, repos: dict[str, Repo]):
        self.repos = repos
        self.served: list[Served] = []
        self.requests: list[str] = []
        self._lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"hub": self})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> HubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self._thread.is_alive():
            self.httpd.shutdown()
            self._thread.join(timeout=5)
        self.httpd.server_close()

    def record(self, item: Served) -> None:
        with self._lock:
            self.served.append(item)

    def bytes_served(self, file: str | None = None) -> int:
        return sum(s.sent for s in self.served if file is None or s.file == file)


class _Handler(BaseHTTPRequestHandler):
    hub: HubServer
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def do_HEAD(self) -> None:  # noqa: N802
        self._route(head=True)

    def do_GET(self) -> None:  # noqa: N802
        self._route(head=False)

    # --- routing ---------------------------------------------------------------------------

    def _route(self, *, head: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        self.hub.requests.append(f"{self.command} {path}")
        if path.startswith("/api/models/"):
            return self._api(path[len("/api/models/"):])
        if path.startswith("/content/"):
            return self._content(path[len("/content/"):], head=head)
        m = re.match(r"^/(.+?)/resolve/([^/]+)/(.+)$", path)
        if m:
            return self._resolve(m.group(1), m.group(2), m.group(3), head=head)
        self._error(404, "RepoNotFound", "no such route")

    def _missing(self) -> None:
        """The Hub answers 401 for a missing repo when no token is sent (as for a private one)."""
        self._error(404 if self.headers.get("authorization") else 401, "RepoNotFound", "Repository not found")

    def _repo(self, name: str) -> Repo | None:
        repo = self.hub.repos.get(name)
        if repo is None:
            self._missing()
            return None
        if repo.gated or repo.private:
            auth = self.headers.get("authorization", "")
            if not auth:
                code = "GatedRepo" if repo.gated else "RepoNotFound"
                self._error(401, code, "Access to this repo is restricted: authentication needed")
                return None
            if auth != f"Bearer {repo.token}":
                self._error(403, "GatedRepo" if repo.gated else None, "Your token has no access")
                return None
        return repo

    def _api(self, rest: str) -> None:
        name, _, rev = rest.partition("/revision/")
        if name not in self.hub.repos:
            return self._missing()
        repo = self.hub.repos[name]
        if repo.private and self._repo(name) is None:
            return None
        commit = repo.commit_of(rev or "main")
        if commit is None:
            return self._error(404, "RevisionNotFound", "Invalid rev id")
        body = json.dumps({
            "id": name, "modelId": name, "sha": commit, "private": repo.private,
            "gated": "manual" if repo.gated else False,
            "siblings": [{"rfilename": f} for f in sorted(repo.files)],
        }).encode()
        self._send(200, body, {"Content-Type": "application/json"})

    def _resolve(self, name: str, rev: str, file: str, *, head: bool) -> None:
        repo = self._repo(name)
        if repo is None:
            return None
        commit = repo.commit_of(rev)
        if commit is None:
            return self._error(404, "RevisionNotFound", "Invalid rev id")
        if file not in repo.files:
            return self._error(404, "EntryNotFound", "Entry not found")
        data = repo.files[file]
        meta = {"X-Repo-Commit": commit, "ETag": repo.etag(file)}
        if file.endswith(".safetensors"):  # an LFS file: redirect to a content URL
            meta.update({"X-Linked-Etag": meta["ETag"], "X-Linked-Size": str(len(data)),
                         "Location": f"/content/{name}/{commit}/{file}"})
            return self._send(302, b"", meta)
        self._file(name, file, data, meta, head=head)

    def _content(self, rest: str, *, head: bool) -> None:
        for name, repo in self.hub.repos.items():
            prefix = f"{name}/{repo.commit}/"
            if rest.startswith(prefix) and rest[len(prefix):] in repo.files:
                file = rest[len(prefix):]
                data = repo.files[file]
                meta = {"X-Repo-Commit": repo.commit, "ETag": repo.etag(file), "X-Linked-Size": str(len(data))}
                return self._file(name, file, data, meta, head=head)
        self._error(404, "EntryNotFound", "no such content")

    # --- answers ---------------------------------------------------------------------------

    def _file(self, name: str, file: str, data: bytes, meta: dict[str, str], *, head: bool) -> None:
        repo = self.hub.repos[name]
        rng = self.headers.get("range")
        if rng is None:
            if not head:
                self.hub.record(Served(name, file, 0, len(data), len(data)))
            return self._send(200, data, meta, head=head)
        m = RANGE.match(rng.strip())
        if m is None:
            return self._error(416, None, "bad range")
        if repo.busy > 0:
            repo.busy -= 1
            return self._error(503, None, "Service Unavailable")
        start = int(m.group(1))
        stop = min(len(data), int(m.group(2)) + 1) if m.group(2) else len(data)
        if start >= len(data) or stop <= start:
            return self._send(416, b"", {**meta, "Content-Range": f"bytes */{len(data)}"})
        body = data[start:stop]
        if repo.short_ranges:
            body = body[:-1]
        headers = {**meta, "Content-Range": f"bytes {start}-{stop - 1}/{len(data)}"}
        if repo.cut_once and len(body) >= 1024 and not head:
            repo.cut_once = False
            return self._cut(Served(name, file, start, stop, len(body) // 2), body, headers)
        if not head:
            self.hub.record(Served(name, file, start, stop, len(body)))
        self._send(206, body, headers, head=head)

    def _cut(self, item: Served, body: bytes, headers: dict[str, str]) -> None:
        """Announce the whole body, send half of it, close the connection."""
        self.hub.record(item)
        self.send_response(206)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: item.sent])
        self.wfile.flush()
        self.close_connection = True

    def _error(self, status: int, code: str | None, message: str) -> None:
        headers = {"X-Error-Message": message, "Content-Type": "application/json"}
        if code:
            headers["X-Error-Code"] = code
        self._send(status, json.dumps({"error": message}).encode(), headers)

    def _send(self, status: int, body: bytes, headers: dict[str, str], *, head: bool = False) -> None:
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head and self.command != "HEAD" and body:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass


def closed_port() -> str:
    """An endpoint on 127.0.0.1 where nothing listens: connections are refused."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}"


class SilentServer:
    """Accepts connections on 127.0.0.1 and never answers (until stopped)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.1)
        self._stop = threading.Event()
        self._held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            self._held.append(conn)

    def __enter__(self) -> SilentServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for c in self._held:
            c.close()
        self.sock.close()
