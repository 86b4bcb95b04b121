# Synthetic rewrite of the shape of iampia-b/platt2text:fine_tuning/weighted_sum.py at a58e4ac617ed56866e1ab67edbedb7c167715e8e (licence MIT); not the original text.
import torch


def init_from_detected_languages(asr_model, lid_probs, language_ids, new_token_id, scale=1.0):
    """Seed a new language token with a probability-weighted blend of existing language tokens."""
    avg = lid_probs / (lid_probs.sum(dim=1, keepdim=True) + 1e-8)
    avg = avg.mean(dim=0)

    table = asr_model.get_input_embeddings().weight
    lang_rows = table[torch.tensor(language_ids, dtype=torch.long, device=table.device)]
    blended = (avg.to(table.device).unsqueeze(0) @ lang_rows).squeeze(0)

    # rescale to the typical norm of the language rows
    wanted = lang_rows.norm(dim=1).mean()
    blended = blended * (wanted / (blended.norm() + 1e-8))

    with torch.no_grad():
        table[new_token_id] = blended * scale
    top = torch.topk(avg, k=min(5, avg.numel()))
    return blended, list(zip(top.indices.tolist(), top.values.tolist()))
