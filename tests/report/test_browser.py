"""The HTML report in a real browser: headless Chromium, network off, from disk.

The product HTML has no scripts (its Content-Security-Policy forbids them). The test makes a
*copy* with one small inline script, allowed by its hash in the copy's CSP and nothing else,
that collects load errors and CSP violations and, on load, writes into document.title how many
<img> there are and how many decoded (natural size > 0). `--dump-dom` returns the page after
load, so the title is read from it; Chromium's stderr (`--enable-logging=stderr`) must show no
console message. A negative control (a broken image and an external fetch) shows that the
check can fail. A screenshot of the real report is kept in test-artifacts/report.png.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cosaudit.report.html import CSP, render_html

pytestmark = pytest.mark.browser
pytest.importorskip("matplotlib")

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
BROWSER = next(
    (shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)),
    None,
)

CHECK_SCRIPT = (
    "(function(){var errors=[];"
    "window.addEventListener('error',function(e){var t=e.target;"
    "errors.push('error:'+(e.message||(t&&(t.currentSrc||t.src||t.tagName))||'?').slice(0,60));},true);"
    "document.addEventListener('securitypolicyviolation',function(e){"
    "errors.push('csp:'+e.violatedDirective+':'+String(e.blockedURI).slice(0,40));});"
    "window.addEventListener('load',function(){var imgs=document.images,ok=0;"
    "for(var i=0;i<imgs.length;i++){var m=imgs[i];"
    "if(m.complete&&m.naturalWidth>0&&m.naturalHeight>0)ok++;}"
    "document.title='COSAUDIT-CHECK imgs='+imgs.length+' decoded='+ok+' errors='+errors.length"
    "+(errors.length?' '+errors.join('|'):'');});})();"
)


def instrumented(doc: str, script: str = CHECK_SCRIPT) -> str:
    """A test copy of the page: the check script (or another), allowed by its hash only."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert doc.count(CSP) == 1
    doc = doc.replace(CSP, f"{CSP}; script-src 'sha256-{digest}'")
    return doc.replace("<head>", f"<head>\n<script>{script}</script>", 1)


def chromium(page: Path, profile: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    cmd = [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-extensions",
        "--disable-default-apps",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--proxy-server=http://127.0.0.1:9",
        f"--user-data-dir={profile}",
        "--enable-logging=stderr",
        "--v=0",
        "--hide-scrollbars",
        *extra,
        page.resolve().as_uri(),
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def check_page(doc: str, tmp_path: Path, name: str) -> tuple[str, list[str]]:
    """(the title the check script wrote, console lines Chromium logged)."""
    page = tmp_path / f"{name}.html"
    page.write_text(instrumented(doc), encoding="utf-8")
    res = chromium(page, tmp_path / f"profile-{name}", "--dump-dom", "--virtual-time-budget=5000")
    assert res.returncode == 0, res.stderr[-2000:]
    m = re.search(r"<title>(COSAUDIT-CHECK[^<]*)</title>", res.stdout)
    assert m, f"the check script did not run: {res.stdout[:500]!r} {res.stderr[-1500:]!r}"
    console = [ln for ln in res.stderr.splitlines() if ":CONSOLE" in ln]
    return m.group(1), console


@pytest.fixture
def browser():
    if BROWSER is None:
        pytest.skip("headless chromium is not installed (Debian: apt-get install chromium)")
    return BROWSER


def test_report_loads_offline_and_every_figure_decodes(
    browser, inspect_report, flip_report, tmp_path
):
    for name, report in (("inspect", inspect_report), ("flip", flip_report)):
        doc = render_html(report)
        n_img = doc.count("<img ")
        assert n_img >= 2
        title, console = check_page(doc, tmp_path, name)
        assert title == f"COSAUDIT-CHECK imgs={n_img} decoded={n_img} errors=0", title
        assert console == [], console

    # the artefact: a screenshot of the real (uninstrumented) inspect report
    ARTIFACTS.mkdir(exist_ok=True)
    page = tmp_path / "report.html"
    page.write_text(render_html(inspect_report), encoding="utf-8")
    shot = ARTIFACTS / "report.png"
    shot.unlink(missing_ok=True)
    res = chromium(
        page, tmp_path / "profile-shot", f"--screenshot={shot}", "--window-size=1100,4200"
    )
    assert res.returncode == 0, res.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000


def test_the_check_can_fail(browser, tmp_path):
    """Negative control: a broken image and an external fetch are both caught."""
    from cosaudit.audit.reports import PaperReport

    doc = render_html(
        PaperReport({"schema": "cosaudit.paper/1", "agree": True}),
        markdown="# control\n\ntext\n",
        figures=[],
        pngs=[],
    )
    bad = doc.replace(
        "</main>",
        '<img src="data:image/png;base64,AAAA" alt="broken">'
        '<img src="http://example.com/x.png" alt="external"></main>',
    )
    title, console = check_page(bad, tmp_path, "control")
    assert title.startswith("COSAUDIT-CHECK imgs=2 decoded=0 errors=")
    assert "csp:img-src" in title
    assert any("Content Security Policy" in ln for ln in console)
