"""What findings say: projections are dot products, prose is quoted as a reader sees it."""

from __future__ import annotations

from cosaudit.lint.engine import check_text


def test_a_projection_is_reported_as_a_dot_product_not_a_cosine() -> None:
    code = "W = model.lm_head.weight\np = torch.dot(W[1], W[2]) / W[2].norm()\n"
    (f,) = [f for f in check_text(code) if f.code != "COS301"]
    assert f.code == "COS102" and "projection" in f.message and "cosine between" not in f.message


def test_a_gram_matrix_scaled_by_its_own_norm_is_no_projection() -> None:
    code = "W = model.fc.weight\nG = W @ W.T\nG /= torch.norm(G, p='fro')\nH = W @ W.T / torch.norm(W @ W.T)\n"
    found = [f for f in check_text(code) if f.code != "COS301"]
    assert [f.code for f in found] == ["COS102", "COS102"]
    assert not any("projection" in f.message for f in found)


def test_a_dot_product_over_both_norms_is_a_cosine() -> None:
    code = "W = model.lm_head.weight\nc = W[1] @ W[2] / (W[1].norm() * W[2].norm())\n"
    assert [f.code for f in check_text(code) if f.code != "COS301"] == ["COS101"]


def test_prose_is_quoted_without_html_or_markdown_markup() -> None:
    text = "# Results\n\n- <p>The unembeddings of <b>dog</b> and **cat** have a cosine of 0.81.</p>\n"
    (f,) = check_text(text, "post.md")
    assert f.code == "COS202"
    assert '"The unembeddings of dog and cat have a cosine of 0.81."' in f.message
