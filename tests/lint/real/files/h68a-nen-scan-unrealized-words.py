# Synthetic rewrite of the shape of DBravy/nen:scan_unrealized_words.py at a90916c64f865d9b83ea2326d2595c843efc8198 (licence NOASSERTION); not the original text.
"""Chunked search of the output-embedding table for the tokens closest (by
cosine) to each of a bank of unit directions."""
import torch


def vocab_neighbours(hf_model, tokenizer, directions, n_keep=16, chunk=2048):
    """directions: [d_model, C] tensor, one candidate direction per column."""
    out_emb = hf_model.get_output_embeddings()
    table = out_emb.weight                                   # [vocab, d_model]
    n_vocab = table.shape[0]

    dirs = directions.float()
    dirs = dirs / dirs.norm(dim=0, keepdim=True).clamp_min(1e-12)
    dirs = dirs.to(table.device)
    n_dirs = dirs.shape[1]

    best_val = torch.full((n_keep, n_dirs), -float("inf"))
    best_idx = torch.full((n_keep, n_dirs), -1, dtype=torch.long)

    with torch.inference_mode():
        for lo in range(0, n_vocab, chunk):
            hi = min(n_vocab, lo + chunk)
            block = table[lo:hi].float()
            block_norm = block.norm(dim=1, keepdim=True).clamp_min(1e-12)
            cos_block = (block @ dirs) / block_norm          # cosine, [chunk, C]
            cand_val = torch.cat([best_val, cos_block.cpu()], dim=0)
            cand_idx = torch.cat(
                [best_idx, torch.arange(lo, hi).unsqueeze(1).expand(-1, n_dirs)], dim=0)
            top = cand_val.topk(n_keep, dim=0)
            best_val = top.values
            best_idx = torch.gather(cand_idx, 0, top.indices)

    report = []
    for c in range(n_dirs):
        report.append([(tokenizer.decode([int(i)]), float(v))
                       for i, v in zip(best_idx[:, c], best_val[:, c])])
    return report
