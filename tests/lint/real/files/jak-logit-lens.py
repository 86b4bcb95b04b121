# cosaudit corpus, synthetic file: same shape as jakomycat/logit-lens-vs-tuned-lens/src/logit_lens.py at 6f9d4b61667f10a0f9afcab890faa113690a843a (licence MIT); new code, no text copied.
import torch


def run_logit_lens(model, tokenizer, text, top_k=3):
    inputs = tokenizer(text, return_tensors="pt")
    with torch.no_grad():
        hidden = model(**inputs, output_hidden_states=True).hidden_states
    ln_f = model.transformer.ln_f
    W_U = model.lm_head.weight
    preds = {}
    last = len(hidden) - 1
    for layer, h in enumerate(hidden[1:], start=1):
        h_last = h[0, -1, :]
        h_norm = ln_f(h_last) if layer < last else h_last
        probs = torch.softmax(h_norm @ W_U.T, dim=-1)
        p, idx = torch.topk(probs, top_k)
        preds[layer] = [(tokenizer.decode(i.item()), v) for i, v in zip(idx, p.tolist())]
    return preds
