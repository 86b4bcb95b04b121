"""HTTP to the Hugging Face Hub, bounded: one timeout per request, a few retries, honest errors.

Everything goes through `huggingface_hub`'s own helpers — `HfApi.model_info` for the revision
API, `hf_hub_url` for file URLs, `build_hf_headers` for authentication (HF_TOKEN or the token
stored by `hf auth login`), `get_session` for the shared HTTP client — with the endpoint taken
from HF_ENDPOINT when the call is made. Files are read by HTTP range requests, and every answer
is checked for length before anyone keeps it.

Settings (environment):
- COSAUDIT_HUB_TIMEOUT: seconds to wait for a connection or for the next bytes (default 8).
- COSAUDIT_HUB_RETRIES: retries of a request after a dropped connection, a timeout or a 429/5xx
  answer, once the Hub has answered once (default 2). The first contact is never retried: when
  the Hub cannot be reached at all, the user hears so at once.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from typing import Any

from cosaudit.errors import (
    CheckpointNotFoundError,
    HubAuthError,
    HubError,
    HubResponseError,
    HubUnreachableError,
    UsageError,
)

DEFAULT_TIMEOUT = 8.0
DEFAULT_RETRIES = 2
CHUNK = 1 << 20
_CONTENT_RANGE = re.compile(r"^bytes (\d+)-(\d+)/(\d+|\*)$")
WAYS_OUT = (
    "if the model is in the local cache, set HF_HUB_OFFLINE=1 (--revision picks a cached branch, tag or "
    "commit); or give a local path; check HF_ENDPOINT and the proxy settings; COSAUDIT_HUB_TIMEOUT sets the wait"
)


def _env_number(name: str, default: float, *, integer: bool = False) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        raise UsageError(f"{name}={raw!r} is not a number",
                         hint=f"unset it or set a number (default {default:g})") from None
    if value < 0 or (not integer and value == 0):
        raise UsageError(f"{name}={raw!r} is out of range", hint=f"set a positive number (default {default:g})")
    return value


def hub_timeout() -> float:
    return _env_number("COSAUDIT_HUB_TIMEOUT", DEFAULT_TIMEOUT)


def hub_retries() -> int:
    return int(_env_number("COSAUDIT_HUB_RETRIES", DEFAULT_RETRIES, integer=True))


def hub_endpoint() -> str:
    """HF_ENDPOINT as it is now (huggingface_hub reads it once, at import)."""
    from huggingface_hub import constants

    return (os.environ.get("HF_ENDPOINT") or constants.ENDPOINT).rstrip("/")


def offline() -> bool:
    """HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE, as huggingface_hub reads it), now."""
    value = os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE") or ""
    return value.strip().lower() in ("1", "true", "yes", "on")


def token_present() -> bool:
    from huggingface_hub import get_token

    return bool(get_token())


# --- what went wrong, in one line --------------------------------------------------------------


def network_cause(exc: BaseException, timeout: float) -> str | None:
    """The real cause of a transport error, or None when `exc` is not one."""
    import httpx2

    text = " ".join(str(exc).split()).lower()
    if isinstance(exc, httpx2.ProxyError):
        return f"the proxy refused the connection ({' '.join(str(exc).split())})"
    if isinstance(exc, httpx2.TimeoutException):
        return f"no answer within {timeout:g} s (timed out)"
    if isinstance(exc, httpx2.ConnectError):
        if any(k in text for k in ("name or service not known", "name resolution", "nodename",
                                   "getaddrinfo", "no address associated")):
            return "the host name could not be resolved (DNS failure)"
        if "refused" in text:
            return "the connection was refused"
        if "ssl" in text or "certificate" in text:
            return f"TLS failed ({' '.join(str(exc).split())})"
        return f"could not connect ({' '.join(str(exc).split())})"
    if isinstance(exc, (httpx2.NetworkError, httpx2.RemoteProtocolError)):
        return f"the connection broke ({' '.join(str(exc).split())})"
    if isinstance(exc, httpx2.TransportError):
        return f"transport error ({' '.join(str(exc).split())})"
    return None


def unreachable(exc: BaseException, what: str, *, cached: bool = False) -> HubUnreachableError:
    cause = network_cause(exc, hub_timeout()) or str(exc)
    proxy = _proxy_in_use()
    if proxy and "proxy" not in cause:
        cause += f" (through the proxy {proxy})"
    hint = WAYS_OUT
    if cached:
        hint = "it is in the local cache: run with HF_HUB_OFFLINE=1; or give a local path"
    return HubUnreachableError(f"cannot reach the Hugging Face Hub at {hub_endpoint()} for {what}: {cause}",
                               hint=hint)


def _proxy_in_use() -> str | None:
    """The proxy the HTTP client takes from the environment, if any (shown without credentials)."""
    import urllib.request

    proxies = urllib.request.getproxies()
    url = proxies.get("https") or proxies.get("http") or proxies.get("all")
    if not url:
        return None
    return re.sub(r"//[^/@]*@", "//", url)


def auth_error(repo: str, status: int | None, gated: bool) -> HubAuthError:
    kind = "gated" if gated else "private or gated"
    if token_present():
        return HubAuthError(
            f"Hub repo {repo} is {kind} and the token in use has no access (HTTP {status})",
            hint="request access on the repo's page, or use a token that has it (HF_TOKEN)",
        )
    return HubAuthError(
        f"Hub repo {repo} is {kind}: a token is needed (HTTP {status})",
        hint="set HF_TOKEN, or store one with `hf auth login` (or `huggingface-cli login`)",
    )


def hub_http_error(
    exc: BaseException, repo: str, revision: str | None, what: str
) -> HubError | CheckpointNotFoundError | None:
    """A huggingface_hub HTTP error as a cosaudit error (None when `exc` is not one)."""
    from huggingface_hub import errors as he

    status = getattr(getattr(exc, "response", None), "status_code", None)
    where = f"{repo}@{revision}" if revision else repo
    if isinstance(exc, he.GatedRepoError):
        return auth_error(repo, status, gated=True)
    if isinstance(exc, he.RevisionNotFoundError):
        return HubError(f"Hub repo {repo} has no revision {revision!r}",
                        hint="--revision takes a branch, a tag or a full commit hash")
    if isinstance(exc, (he.RemoteEntryNotFoundError, he.EntryNotFoundError)):
        return HubError(f"{where} has no file {what}", hint="check the repo id and revision")
    if isinstance(exc, he.RepositoryNotFoundError):
        if status == 401 and not token_present():  # the Hub answers 401 for missing and private repos alike
            return CheckpointNotFoundError(
                f"no Hub repo {repo} visible without a token (HTTP 401): it does not exist, or it is private",
                hint="check the id; a private repo needs a token: set HF_TOKEN, or store one with "
                "`hf auth login` (or `huggingface-cli login`)",
            )
        if status in (401, 403):
            return auth_error(repo, status, gated=False)
        return CheckpointNotFoundError(f"no Hub repo {repo} (HTTP {status})",
                                       hint="check the id; a local path is used when it exists")
    if isinstance(exc, he.HfHubHTTPError):
        if status in (401, 403):
            return auth_error(repo, status, gated=False)
        return HubError(f"the Hub answered HTTP {status} for {what} of {where}",
                        hint="try again later, or set HF_HUB_OFFLINE=1 to use the cache")
    return None


def check_dns(endpoint: str, what: str, *, cached: bool = False) -> None:
    """Resolve the endpoint's host within the timeout: a name lookup is not covered by the HTTP
    client's timeouts, and a resolver that never answers would stall the first request."""
    import socket
    import threading
    from urllib.parse import urlsplit

    host = urlsplit(endpoint).hostname
    if not host or _proxy_in_use():  # behind a proxy, the proxy resolves names
        return
    outcome: list[BaseException | None] = []

    def lookup() -> None:
        try:
            socket.getaddrinfo(host, None)
            outcome.append(None)
        except OSError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=lookup, daemon=True, name="cosaudit-dns")
    worker.start()
    worker.join(hub_timeout())
    hint = "it is in the local cache: run with HF_HUB_OFFLINE=1; or give a local path" if cached else WAYS_OUT
    if not outcome:
        raise HubUnreachableError(
            f"cannot reach the Hugging Face Hub at {endpoint} for {what}: the host name {host} could not be "
            f"resolved within {hub_timeout():g} s (DNS timed out)", hint=hint)
    if outcome[0] is not None:
        raise HubUnreachableError(
            f"cannot reach the Hugging Face Hub at {endpoint} for {what}: the host name {host} could not be "
            f"resolved (DNS failure: {' '.join(str(outcome[0]).split())})", hint=hint)


# --- range requests ----------------------------------------------------------------------------


def _check_content_range(headers: Any, start: int, stop: int, where: str) -> int:
    """The file's total size from `Content-Range`, after checking it names exactly [start, stop)."""
    m = _CONTENT_RANGE.match(headers.get("content-range", "").strip())
    if m is None or int(m.group(1)) != start or int(m.group(2)) != stop - 1:
        raise HubResponseError(
            f"the Hub answered a range request for bytes {start}-{stop - 1} of {where} with "
            f"{headers.get('content-range') or 'no Content-Range'}",
            hint="nothing was kept; try again later (a proxy may be altering answers)",
        )
    if m.group(3) == "*":
        return -1
    return int(m.group(3))


def get_range(url: str, start: int, stop: int, where: str, sink: Callable[[bytes], None], *,
              progress: Callable[[int], None] | None = None) -> int:
    """Stream bytes [start, stop) of `url` into `sink`; return the file's total size.

    Exactly stop - start bytes are delivered or an error is raised. A dropped connection, a
    timeout or a 429/5xx answer is retried up to COSAUDIT_HUB_RETRIES times, asking only for the bytes
    not delivered yet; `progress(n)` hears of every n bytes delivered.
    """
    retries = hub_retries()
    done = 0

    def counted(chunk: bytes) -> None:
        nonlocal done
        sink(chunk)
        done += len(chunk)
        if progress is not None:
            progress(len(chunk))

    for attempt in range(retries + 1):
        try:
            return _get_range_once(url, start + done, stop, where, counted)
        except _Retry as r:
            if attempt >= retries:
                raise r.error from None
            time.sleep(min(4.0, 0.5 * 2**attempt))
    raise AssertionError("unreachable")  # pragma: no cover


class _Retry(Exception):
    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


def _get_range_once(url: str, start: int, stop: int, where: str, sink: Callable[[bytes], None]) -> int:
    import httpx2
    from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status

    headers = build_hf_headers(headers={"Range": f"bytes={start}-{stop - 1}", "Accept-Encoding": "identity"})
    timeout = hub_timeout()
    try:
        with get_session().stream("GET", url, headers=headers, timeout=timeout, follow_redirects=True) as resp:
            if resp.status_code in (429, 500, 502, 503, 504):
                raise _Retry(HubError(f"the Hub answered HTTP {resp.status_code} for {where}",
                                      hint="try again later"))
            if resp.status_code >= 400:
                resp.read()
                hf_raise_for_status(resp)
            if resp.status_code != 206:
                raise HubResponseError(
                    f"the Hub ignored a range request for {where} (HTTP {resp.status_code})",
                    hint="nothing was kept; a proxy may strip Range headers: set HF_ENDPOINT to one that "
                    "keeps them, or download the model and give its folder",
                )
            total = _check_content_range(resp.headers, start, stop, where)
            _drain(resp, stop - start, where, sink)
    except (httpx2.TimeoutException, httpx2.NetworkError, httpx2.RemoteProtocolError) as exc:
        raise _Retry(unreachable(exc, where)) from None
    except httpx2.TransportError as exc:
        raise unreachable(exc, where) from None
    return total


def _drain(resp: Any, want: int, where: str, sink: Callable[[bytes], None]) -> int:
    got = 0
    for chunk in resp.iter_bytes(CHUNK):
        got += len(chunk)
        if got > want:
            break
        sink(chunk)
    if got != want:
        raise HubResponseError(
            f"the Hub answered a {want}-byte range request for {where} with "
            f"{'more' if got > want else got} bytes",
            hint="nothing was kept; try again later (a proxy may be altering answers)",
        )
    return got


def get_bytes(url: str, start: int, stop: int, where: str) -> tuple[bytes, int]:
    """Bytes [start, stop) of `url` in memory, and the file's total size."""
    parts: list[bytes] = []
    total = get_range(url, start, stop, where, parts.append)
    return b"".join(parts), total


def get_whole(url: str, where: str, limit: int) -> bytes:
    """A small file (config, tokenizer, index) in memory; refused when over `limit` bytes."""
    import httpx2
    from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status

    retries = hub_retries()
    for attempt in range(retries + 1):
        try:
            with get_session().stream("GET", url, headers=build_hf_headers(), timeout=hub_timeout(),
                                      follow_redirects=True) as resp:
                if resp.status_code in (429, 500, 502, 503, 504) and attempt < retries:
                    time.sleep(min(4.0, 0.5 * 2**attempt))
                    continue
                if resp.status_code >= 400:
                    resp.read()
                    hf_raise_for_status(resp)
                parts: list[bytes] = []
                size = 0
                for chunk in resp.iter_bytes(CHUNK):
                    size += len(chunk)
                    if size > limit:
                        raise HubResponseError(f"{where} is over {limit} bytes",
                                               hint="nothing was kept; this file should be small")
                    parts.append(chunk)
                return b"".join(parts)
        except (httpx2.TimeoutException, httpx2.NetworkError, httpx2.RemoteProtocolError) as exc:
            if attempt >= retries:
                raise unreachable(exc, where) from None
            time.sleep(min(4.0, 0.5 * 2**attempt))
        except httpx2.TransportError as exc:
            raise unreachable(exc, where) from None
    raise AssertionError("unreachable")  # pragma: no cover
