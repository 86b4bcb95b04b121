# Synthetic rewrite of the shape of BunnyNLP/GAP:lit_models/transformer.py at 77af2e179d88b66b89227868626ef38953bfd2a8 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class TriggerPromptRE:
    """RoBERTa-large prompt tuning for relation extraction; relations are new tokens [rel1]..[relK]."""

    def __init__(self, mlm, tokenizer, answer_word_ids, t_lambda=0.1, tau=0.1):
        self.mlm = mlm
        self.tok = tokenizer
        self.t_lambda = t_lambda
        self.tau = tau
        self.mlm.resize_token_embeddings(len(tokenizer))
        table = self.mlm.get_input_embeddings()  # tied with the LM decoder in RoBERTa
        self.rel_token_ids = [
            tokenizer.convert_tokens_to_ids(f"[rel{k}]") for k in range(1, len(answer_word_ids) + 1)
        ]
        with torch.no_grad():
            for k, words in enumerate(answer_word_ids):
                table.weight[self.rel_token_ids[k]] = table.weight[words].mean(dim=0)
            self.relation_vectors = table.weight[self.rel_token_ids].clone()

    def relation_logits(self, vocab_logits, mask_pos):
        rows = torch.arange(vocab_logits.size(0))
        return vocab_logits[rows, mask_pos][:, self.rel_token_ids]

    def mask_to_relation_contrast(self, mask_states, gold):
        n_rel = self.relation_vectors.size(0)
        losses = []
        for b in range(mask_states.size(0)):
            anchor = mask_states[b : b + 1]
            pos = F.cosine_similarity(anchor, self.relation_vectors[gold[b]].unsqueeze(0)) / self.tau
            every = F.cosine_similarity(anchor.expand(n_rel, -1), self.relation_vectors) / self.tau
            losses.append(torch.log(pos / torch.exp(every).sum(dim=0, keepdim=True)))
        return torch.stack(losses).mean()

    def training_loss(self, input_ids, attention_mask, gold, mask_pos=5):
        out = self.mlm(input_ids=input_ids, attention_mask=attention_mask, output_hidden_states=True)
        pos = torch.full((input_ids.size(0),), mask_pos, dtype=torch.long)
        logits = self.relation_logits(out.logits, pos)
        mask_states = out.hidden_states[-1][:, mask_pos, :]
        return F.cross_entropy(logits, gold) + self.t_lambda * self.mask_to_relation_contrast(mask_states, gold)
