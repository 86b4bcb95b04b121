# expect: COS301
"""Written for cosaudit's tests: an unknown call's result kept under a name that says "output
embedding" is taken at its name (a loaded head), unless the value is read off the model's states
(`outputs.hidden_states[-1]`): then it is a hidden state whatever its name says."""
import torch
import torch.nn.functional as F


def token_state(model, token_id):
    with torch.no_grad():
        outputs = model(input_ids=torch.tensor([[token_id]]), output_hidden_states=True)
        hidden_states = outputs.hidden_states[-1]
        output_embedding = hidden_states[0, 0, :].clone().cpu().float()
        return output_embedding


def cosine(a, b):
    return F.cosine_similarity(a.unsqueeze(0), b.unsqueeze(0)).item()


def compare_states(model, ids):
    states = {}
    for t in ids:
        states[t] = token_state(model, t)
    return cosine(states[ids[0]], states[ids[1]])


output_embeddings = torch.load("lm_head_rows.pt")
print(F.cosine_similarity(output_embeddings[10], output_embeddings[20], dim=0))  # expect: COS101
