"""The inspect HTML of six labels in headless Chromium (issue 14): the "−1 model" column is
painted blue like the other cosine columns, the 1–99 % ranges are on the page, and the
histogram's legend lists all 15 pairs. A test copy of the page carries one inline script
(allowed by its hash only) that writes what the browser computed into document.title; a
screenshot is kept in test-artifacts/inspect-six-labels.png for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_browser import ARTIFACTS, BROWSER, chromium, instrumented

from cosaudit.report.html import render_html

pytestmark = pytest.mark.browser
pytest.importorskip("matplotlib")

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm"

# the computed background of every cell in the columns "measured", "−1 model" and "+1 model"
PROBE = (
    "window.addEventListener('load',function(){var out=[];"
    "document.querySelectorAll('table').forEach(function(t){var h=t.querySelectorAll('th'),idx={};"
    "for(var i=0;i<h.length;i++){idx[h[i].textContent.trim()]=i;}"
    "if(!('−1 model' in idx))return;"
    "t.querySelectorAll('tbody tr').forEach(function(r){var c=r.children;"
    "out.push(['measured','−1 model','+1 model'].map(function(n){"
    "return getComputedStyle(c[idx[n]]).backgroundColor;}).join('/'));});});"
    "document.title='PROBE '+out.join(' | ');});"
)


@pytest.fixture(scope="module")
def six_label_html() -> str:
    from cosaudit.audit.inspect import run_inspect
    from cosaudit.load import open_head, resolve_labels

    head = open_head(str(DEMO))
    labels, _ = resolve_labels(head, ["dog", "cat", "horse", "car", "red", "blue"], [])
    return render_html(run_inspect(head, labels, n_pairs=3000, seed=0))


def test_minus_one_column_is_painted_in_the_browser(six_label_html: str, tmp_path: Path) -> None:
    if BROWSER is None:
        pytest.skip("headless chromium is not installed (Debian: apt-get install chromium)")
    page = tmp_path / "probe.html"
    page.write_text(instrumented(six_label_html, PROBE), encoding="utf-8")
    res = chromium(page, tmp_path / "profile", "--dump-dom", "--virtual-time-budget=5000")
    m = re.search(r"<title>PROBE ([^<]*)</title>", res.stdout)
    assert m, res.stderr[-1500:]
    rows = [r.split("/") for r in m.group(1).split(" | ")]
    assert len(rows) == 16  # 15 chosen pairs + the most similar pair found
    for _measured, minus, plus in rows:
        assert minus == "rgba(31, 90, 180, 0.7)", minus  # −1.000: the full blue
        assert plus == "rgba(214, 39, 40, 0.7)", plus  # +1.000: the full red
    painted = [m for m, _, _ in rows if m != "rgba(0, 0, 0, 0)"]  # |cos| < 0.05 stays white
    assert len(painted) >= 12, rows


def test_page_shows_ranges_and_every_pair(six_label_html: str, tmp_path: Path) -> None:
    if BROWSER is None:
        pytest.skip("headless chromium is not installed (Debian: apt-get install chromium)")
    page = tmp_path / "page.html"
    page.write_text(six_label_html, encoding="utf-8")
    res = chromium(page, tmp_path / "profile-dom", "--dump-dom", "--virtual-time-budget=5000")
    assert res.returncode == 0
    assert len(re.findall(r"1–99% \[[^\]]+\]", res.stdout)) == 2
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "inspect-six-labels.png"
    shot.unlink(missing_ok=True)
    res = chromium(page, tmp_path / "profile-shot", f"--screenshot={shot}", "--window-size=1100,6400")
    assert res.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
