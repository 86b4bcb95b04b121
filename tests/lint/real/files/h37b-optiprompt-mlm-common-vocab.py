# Synthetic rewrite of the shape of princeton-nlp/OptiPrompt:code/models.py at 9450bc96f28ac3df01337c79be079a2ac3defb5c (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def score_masked_batch(prober, batch, keep_ids=None, keep_list=None, k=10):
    """Evaluate fact probes: top-k fillers of the [MASK] slot inside a shared vocabulary."""
    prober.mlm.eval()
    with torch.no_grad():
        out = prober.mlm(input_ids=batch.ids, token_type_ids=batch.segments,
                         attention_mask=batch.mask, labels=batch.labels)
    log_probs = F.log_softmax(out.logits, dim=-1).cpu()
    hits, ranked = 0, []
    for row, slot in enumerate(batch.mask_positions):
        lp = log_probs[row][slot]
        if keep_ids is not None:
            lp = lp.index_select(0, keep_ids)
            best = keep_list[int(torch.argmax(lp))]
            vals, idx = torch.topk(lp, k)
            ranked.append([(prober.vocab[keep_list[i]], v.item()) for v, i in zip(vals, idx)])
        else:
            best = int(torch.argmax(lp))
        hits += int(best == batch.gold[row])
    return hits / len(batch.mask_positions), ranked
