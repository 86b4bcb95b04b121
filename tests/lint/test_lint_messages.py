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


_TL = 'from transformer_lens import HookedTransformer\nm = HookedTransformer.{load}("gpt2")\nU = m.W_U\n'


def _coded(code: str) -> list[tuple[str, str]]:
    return [(f.code, f.severity.value) for f in check_text(code) if f.code != "COS301"]


def test_a_loader_centred_w_u_is_a_warning_that_names_the_loader() -> None:
    pair = "s = F.cosine_similarity(U[:, 1], U[:, 2], dim=0)\n"
    lens = "Un = U / U.norm(dim=0, keepdim=True)\nscores = (v @ Un).topk(5)\n"
    for body, code in ((pair, "COS101"), (lens, "COS120")):
        (f,) = [f for f in check_text(_TL.format(load="from_pretrained") + body) if f.code != "COS301"]
        assert (f.code, f.severity.value) == (code, "warning")
        assert "TransformerLens centred `W_U` and folded the final LayerNorm" in f.message
    # without the loader's processing: the ordinary uncentred head, with no word about a loader
    (g,) = [f for f in check_text(_TL.format(load="from_pretrained_no_processing") + pair) if f.code != "COS301"]
    assert (g.code, g.severity.value) == ("COS101", "error") and "TransformerLens centred" not in g.message


def test_centring_in_the_code_stays_info_on_a_loader_centred_w_u() -> None:
    code = _TL.format(load="from_pretrained") + (
        "Uc = U - U.mean(-1, keepdim=True)\ns = F.cosine_similarity(Uc[:, 1], Uc[:, 2], dim=0)\n"
    )
    assert _coded(code) == [("COS110", "info")]


def test_a_display_of_a_loader_centred_similarity_is_a_warning_too() -> None:
    code = _TL.format(load="from_pretrained") + "Un = F.normalize(U, dim=0)\nS = Un.T @ Un\nnear = S[3].topk(10)\n"
    assert sorted(_coded(code)) == [("COS101", "warning"), ("COS103", "warning")]


_UFM = "W, H, b = solve(loss, manifold)\ninner = W.T @ W\nplt.imshow(inner)\n"


def test_a_head_on_the_oblique_manifold_and_its_displays_are_info() -> None:
    oblique = "manifold = Product((Oblique(M, K), Oblique(M, N), Euclidean(K)))\n"
    euclidean = "manifold = Product((Euclidean(M, K), Euclidean(M, N), Euclidean(K)))\n"
    assert _coded(oblique + _UFM) == [("COS102", "info"), ("COS103", "info")]
    assert _coded(euclidean + _UFM) == [("COS102", "error"), ("COS103", "error")]


_TIED = 'model = AutoModelForCausalLM.from_pretrained("{name}")\nW = model.lm_head.weight\ns = W[1] @ W[2]\n'


def test_a_tied_head_without_learned_positions_is_untied_by_the_equivalent_model() -> None:
    (f,) = [f for f in check_text(_TIED.format(name="google/gemma-2b")) if f.code != "COS301"]
    assert f.code == "COS102" and "equivalent model unties it" in f.message


def test_a_tied_head_with_learned_positions_keeps_its_tie() -> None:
    (f,) = [f for f in check_text(_TIED.format(name="gpt2")) if f.code != "COS301"]
    assert "keeps the tie (token rows + c, position rows − c)" in f.message


def test_an_untied_head_or_a_classifier_has_no_note_about_ties() -> None:
    (f,) = [f for f in check_text(_TIED.format(name="mistralai/Mistral-7B-v0.1")) if f.code != "COS301"]
    assert "tied" not in f.message
    code = 'import gpt2_utils  # "gpt2"\nW = resnet.fc.weight\nG = W @ W.T\n'
    (g,) = [f for f in check_text(code) if f.code != "COS301"]
    assert "tied" not in g.message


def test_a_file_that_loads_tied_and_untied_checkpoints_says_nothing_about_ties() -> None:
    code = _TIED.format(name="gpt2") + 'other = AutoModelForCausalLM.from_pretrained("EleutherAI/pythia-160m")\n'
    code += 'tok = AutoTokenizer.from_pretrained("gpt2")\nU = torch.load("gpt2_W_U.pt")\n'
    (f,) = [f for f in check_text(code) if f.code != "COS301"]
    assert f.code == "COS102" and "tied" not in f.message


def test_a_head_from_an_imported_getter_is_named_as_the_code_wrote_it() -> None:
    code = "from utils import get_classifier_layer\nw = get_classifier_layer(model).weight\nG = w @ w.T\n"
    (f,) = [f for f in check_text(code) if f.code != "COS301"]
    assert f.code == "COS102" and "`get_classifier_layer().weight`" in f.message


def test_a_formula_over_class_means_is_not_one_over_label_rows() -> None:
    """`\\mu_i` holds `u_i` but is a class mean: its normalised inner product is NC2 on the features."""
    formula = "$$\\frac{\\mu_i^T \\mu_j}{\\|\\mu_i\\| \\|\\mu_j\\|} = -1/(K-1)$$\n"
    means = "# Definition\n\nThe class means form a simplex ETF when:\n\n" + formula
    rows = means.replace("\\mu", "w")
    assert check_text(means, "note.md") == []
    assert [f.code for f in check_text(rows, "note.md")] == ["COS203"]
