# Synthetic rewrite of the shape of udoga/word-replacer:source/dropout_substituter.py at f9ddda5d8047383be938ba8cf86e3a3f86c95eae (licence NOASSERTION); not the original text.
import torch


class DropoutLexSub:
    """Zhou et al. (2019)-style substitution: blank part of the target's input
    vector, ask the MLM for candidates, then validate them in context."""

    def __init__(self, tok, mlm, rate=0.3, k=10, alpha=0.01):
        self.tok, self.mlm, self.rate, self.k, self.alpha = tok, mlm, rate, k, alpha

    def _run(self, **kw):
        with torch.no_grad():
            return self.mlm(output_hidden_states=True, output_attentions=True, **kw)

    def _ctx(self, out, pos):
        # last four hidden layers concatenated at one position
        return torch.cat([out.hidden_states[i][:, pos, :] for i in (-4, -3, -2, -1)], dim=1)

    def _sim_table(self, base, alts):
        cos_similarity = torch.nn.CosineSimilarity(dim=1, eps=1e-6)
        cols = []
        for pos in range(base.hidden_states[0].shape[1]):
            original_representation = self._ctx(base, pos)
            alternative_representations = self._ctx(alts, pos)
            alternative_similarities_for_token = cos_similarity(original_representation, alternative_representations)
            cols.append(alternative_similarities_for_token)
        return torch.stack(cols).t()

    def propose(self, text, target):
        ids = self.tok.encode(" " + text)
        tpos = ids.index(self.tok.encode(" " + target)[1])
        emb = self.mlm.get_input_embeddings()(torch.tensor([ids]))[0]
        base = self._run(inputs_embeds=emb.unsqueeze(0))
        noisy = emb.clone()
        drop = torch.randperm(noisy.shape[1])[: round(self.rate * noisy.shape[1])]
        noisy[tpos, drop] = 0
        probs = torch.softmax(self._run(inputs_embeds=noisy.unsqueeze(0)).logits[0, tpos], dim=0)
        cand = probs.topk(self.k).indices
        swapped = torch.tensor([ids] * len(cand)); swapped[:, tpos] = cand
        sims = self._sim_table(base, self._run(input_ids=swapped))
        att = torch.stack(base.attentions).mean(dim=(0, 2))[0][:, tpos]
        valid = sims @ (att / att.sum())
        prop = torch.log(probs[cand] / (1 - probs[ids[tpos]]))
        return cand, valid + self.alpha * prop
