# cosaudit corpus, synthetic file: same shape as jinuk0211/jlens-causal-steering/src/jlens_causal/directions.py at e067440785bd70ee8964ee37a6a507d764ff0fd4 (licence Apache-2.0); new code, no text copied.
"""Per-layer steering directions: contrastive means, Jacobian-lens concepts, random controls."""
from typing import Any


def unit(torch: Any, v: Any, name: str) -> Any:
    v = v.detach().float().cpu().reshape(-1)
    n = torch.linalg.vector_norm(v)
    if not torch.isfinite(n) or float(n) == 0.0:
        raise ValueError(f"{name}: zero or non-finite vector")
    return v / n


def scaled_like(torch: Any, v: Any, ref: Any, name: str) -> Any:
    return unit(torch, v, name) * torch.linalg.vector_norm(ref.float())


def lens_concept(runtime: Any, layer: int, ids: list[int], name: str) -> Any:
    """Average the output-head rows of the concept's aliases and pull them back through the lens."""
    torch = runtime.torch
    rows = runtime.hf_model.get_output_embeddings().weight[ids]
    mean_row = rows.detach().float().cpu().mean(dim=0)
    jac = runtime.lens.jacobians[layer].detach().float().cpu()
    return unit(torch, jac.T @ mean_row, name)


def build_layer(runtime: Any, layer: int, means: dict, ids_a: list[int], ids_b: list[int], seeds: list[int]) -> dict:
    torch = runtime.torch
    contrast = (means["b"] - means["a"]).detach().float().cpu()
    concept_a = lens_concept(runtime, layer, ids_a, f"concept_a[{layer}]")
    concept_b = lens_concept(runtime, layer, ids_b, f"concept_b[{layer}]")
    lens_dir = scaled_like(torch, concept_b - concept_a, contrast, f"lens[{layer}]")
    randoms = {}
    for s in seeds:
        g = torch.Generator(device="cpu").manual_seed(int(s) + 7919 * layer)
        randoms[s] = scaled_like(torch, torch.randn(contrast.shape, generator=g), contrast, f"rand[{layer},{s}]")
    return {"contrastive": contrast, "jlens": lens_dir, "concept_a": concept_a,
            "concept_b": concept_b, "random": randoms}
