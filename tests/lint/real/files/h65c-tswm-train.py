# Synthetic rewrite of the shape of mignonjia/TS_watermark:train.py at 1dbc7b46031f53936a2fcf95c4d522b48b994fdb (licence NOASSERTION); not the original text.
"""Train token-specific watermark strength (delta) and green-list size (gamma)
networks through a differentiable greedy decode; semantic drift is measured
with a sentence encoder, detectability with the z-score."""
import torch
import torch.nn.functional as F


def soft_decode(lm, sent_enc, delta_net, gamma_net, prompt_ids, mask, steps, pick_green):
    table = lm.get_input_embeddings().weight              # OPT token rows
    enc_table = sent_enc.get_input_embeddings().weight
    wm_in = lm.get_input_embeddings()(prompt_ids)
    enc_in = sent_enc.get_input_embeddings()(prompt_ids)
    deltas, gammas, p_green = [], [], []
    for _ in range(steps):
        with torch.no_grad():
            logits = lm(inputs_embeds=wm_in, attention_mask=mask).logits[:, -1]
        prev = wm_in[:, -1]
        delta, gamma = delta_net(prev), gamma_net(prev)
        green = pick_green(logits, gamma)
        probs = F.softmax(logits + delta * green, dim=-1).to(table.dtype)
        hard = (probs == probs.max(dim=-1, keepdim=True).values).to(probs.dtype)
        mixed = 0.5 * hard + 0.5 * probs
        wm_in = torch.cat([wm_in, (mixed @ table).unsqueeze(1)], dim=1)
        enc_in = torch.cat([enc_in, (mixed[:, : enc_table.shape[0]] @ enc_table).unsqueeze(1)], dim=1)
        mask = torch.cat([mask, mask.new_ones(mask.shape[0], 1)], dim=1)
        deltas.append(delta)
        gammas.append(gamma)
        p_green.append((probs * green).sum(-1, keepdim=True))
    return enc_in, torch.cat(deltas, 1), torch.cat(gammas, 1), torch.cat(p_green, 1)


def train_step(batch, lm, sent_enc, nets, opt, plain_embeds, args, pick_green):
    delta_net, gamma_net = nets
    ids = batch["input_ids"].to(lm.device)
    mask = (ids != args.pad_id).long()
    start = ids.shape[1] - 5
    enc_in, _, gammas, p_green = soft_decode(lm, sent_enc, delta_net, gamma_net, ids, mask,
                                             args.max_new_tokens, pick_green)
    keep = torch.ones(enc_in.shape[0], enc_in.shape[1] - start, device=ids.device, dtype=torch.long)
    sent_wm = sent_enc(inputs_embeds=enc_in[:, start:], attention_mask=keep).pooler_output
    sent_plain = sent_enc(inputs_embeds=plain_embeds[:, start:], attention_mask=keep).pooler_output

    spread = (gammas * (1 - gammas)).sum(-1)
    z = ((p_green - gammas).sum(-1) / spread.sqrt()).mean()
    detect_loss = -args.z_weight * z
    # semantic term: cosine between pooled sentence embeddings, not token rows
    semantic_loss = -F.cosine_similarity(sent_wm, sent_plain, dim=1).mean()

    opt.zero_grad()
    (detect_loss + args.sem_weight * semantic_loss).backward()
    opt.step()
    return z.item(), -semantic_loss.item()
