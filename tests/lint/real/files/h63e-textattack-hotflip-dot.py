# Synthetic rewrite of the shape of QData/TextAttack:textattack/transformations/word_swaps/word_swap_gradient_based.py at f800c2c03baba5c380d7bac69ed6060f131c8bd3 (licence MIT); not the original text.
"""First-order (HotFlip-style) replacement proposals from the input-embedding gradient."""
import torch


class GradientFlipProposer:
    def __init__(self, wrapped, top_n=1):
        self.wrapped = wrapped
        self.net = wrapped.model
        self.tok = wrapped.tokenizer
        self.top_n = top_n
        if not hasattr(self.net, "get_input_embeddings"):
            raise ValueError("a lookup table is required for gradient flips")

    def propose(self, text, positions):
        table = self.net.get_input_embeddings().weight.detach().cpu()  # (V, d)
        out = self.wrapped.get_grad(text)
        grads = torch.as_tensor(out["gradient"])  # (T, d)
        ids = out["ids"]
        V = table.shape[0]
        gain = torch.full((len(positions), V), float("-inf"))
        for k, pos in enumerate(positions):
            if pos >= len(grads):
                continue
            # linearised loss change for every vocabulary row: raw dot products
            per_row = table @ grads[pos]
            gain[k] = per_row - per_row[ids[pos]]
        gain[:, self.tok.pad_token_id] = float("-inf")
        order = (-gain).flatten().argsort()
        picks = []
        for flat in order.tolist():
            k, v = divmod(flat, V)
            word = self.tok.convert_ids_to_tokens(v)
            if word.isalpha():
                picks.append((positions[k], word))
            if len(picks) >= self.top_n * len(positions):
                break
        return picks
