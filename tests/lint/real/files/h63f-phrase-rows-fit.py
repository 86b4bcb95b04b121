# Synthetic rewrite of the shape of BrennanLagasse/jacobian-lens-extension:multi_token/fit_phrase_rows.py at 18201c6c0e9056db34c37e26047bdb2df6773063 (licence NOASSERTION); not the original text.
"""Learn extra output-head rows for multi-token phrases.

The new rows are fitted by a softmax regression over [existing vocabulary, new phrases], so they
come out in the same logit scale as the model's own unembedding rows. No bias term.
"""
import torch


@torch.no_grad()
def final_states_and_logits(lm, ids, device):
    hidden = lm.model(input_ids=torch.tensor([ids], device=device)).last_hidden_state[0]
    return hidden, lm.get_output_embeddings()(hidden).float()


def fit_new_rows(pos, neg, class_weight, l2, device, block=16384):
    """pos/neg hold final states, the log-sum-exp of the real logits and the target index."""
    states = torch.cat([pos["h"], neg["h"]])
    real_lse = torch.cat([pos["lse"], neg["lse"]]).float().to(device)
    which = torch.cat([pos["phrase"], torch.full((len(neg["h"]),), -1)]).to(device)
    real_target = torch.cat([torch.zeros(len(pos["h"])), neg["target_logit"]]).float().to(device)
    wts = torch.where(which >= 0, class_weight.to(device)[which.clamp(min=0)],
                      torch.ones(len(states), device=device)).double()
    rows = torch.zeros(len(class_weight), states.shape[1], device=device, requires_grad=True)
    opt = torch.optim.LBFGS([rows], lr=1, max_iter=200, line_search_fn="strong_wolfe")

    def step():
        opt.zero_grad()
        total = 0.0
        for a in range(0, len(states), block):
            part = slice(a, a + block)
            new_logits = states[part].to(device).float() @ rows.T   # hidden state times the new rows
            norm = torch.logsumexp(torch.cat([real_lse[part, None], new_logits], 1), 1)
            tgt = torch.where(which[part] >= 0,
                              new_logits.gather(1, which[part].clamp(min=0)[:, None]).squeeze(1),
                              real_target[part])
            loss = ((norm - tgt).double() * wts[part]).sum() / wts.sum()
            loss.backward()
            total += loss.item()
        penalty = l2 * rows.pow(2).sum()
        penalty.backward()
        return total + penalty.item()

    opt.step(step)
    return rows.detach().cpu()


@torch.no_grad()
def calibration_report(rows, names, pos, neg):
    own_scores, generic = pos["h"].float() @ rows.T, neg["h"].float() @ rows.T
    for j, name in enumerate(names):
        own = own_scores[pos["phrase"] == j, j]
        auroc = torch.stack([(generic[:, j] < o).float().mean() for o in own]).mean()
        in_top10 = (generic[:, j] > neg["tenth_logit"]).float().mean()
        print(f"{name:<20} auroc={auroc:.3f} generic_top10={in_top10:.4f} |row|={rows[j].norm():.2f}")
