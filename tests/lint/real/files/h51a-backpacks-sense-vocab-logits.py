# Synthetic rewrite of the shape of john-hewitt/backpacks-flash-attn:training/src/visualize_vocab.py at d60371d8473b850a308dc091ce5db013ab32efe5 (licence BSD-3-Clause); not the original text.
import torch


def sense_vectors(lm, token_id, length=512):
    ids = torch.full((1, length), token_id, dtype=torch.long, device="cuda")
    senses = lm.transformer.content_model(ids)      # (batch, n_senses, seq, d)
    return senses[0, :, 0, :]                        # (n_senses, d)


def show_sense_tokens(tok, lm, senses, k=20):
    for s in range(senses.shape[0]):
        scores = senses[s, :] @ lm.lm_head.weight.t()   # logits over the vocabulary
        order = torch.argsort(scores, descending=True)
        print(f"--- sense {s}: boosted")
        for j in range(k):
            print(tok.decode(order[j]), f"{scores[order[j]].item():.2f}")
        print(f"--- sense {s}: suppressed")
        for j in range(k):
            print(tok.decode(order[-j - 1]), f"{scores[order[-j - 1]].item():.2f}")


def swap_output_direction(senses, remove_dir, insert_dir):
    # coefficient of each sense along one output row, moved onto another row
    coef = senses @ remove_dir / (remove_dir @ remove_dir)
    rescale = (remove_dir @ remove_dir) / (insert_dir @ insert_dir)
    return senses - coef[:, None] * remove_dir[None] + coef[:, None] * insert_dir[None] * rescale


def edit_word(lm, tok, word, old_word, new_word):
    wid, old_id, new_id = (tok(w)["input_ids"][0] for w in (word, old_word, new_word))
    senses = sense_vectors(lm, wid)
    edited = swap_output_direction(senses, lm.lm_head.weight[old_id], lm.lm_head.weight[new_id])
    show_sense_tokens(tok, lm, edited)
