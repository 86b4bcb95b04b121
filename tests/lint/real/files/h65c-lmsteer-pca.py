# Synthetic rewrite of the shape of Glaciohound/LM-Steer:experiments/pca_analysis.py at 265982f6d8027d3a2ec4b65b775cf3e704e187f5 (licence MIT); not the original text.
"""Read the principal directions of a learned steer matrix through GPT-2's token
table: list the tokens at both ends of each direction and score their toxicity."""
import os
import sys

import torch
from googleapiclient import discovery
from transformers import GPT2Model, GPT2Tokenizer

steer = torch.load(sys.argv[1])[1]
product = steer["projector1"][0] @ steer["projector2"][0].T
_, _, right_vecs = torch.linalg.svd(product.cpu())

tok = GPT2Tokenizer.from_pretrained("gpt2-large")
table = GPT2Model.from_pretrained("gpt2-large").wte.weight

perspective = discovery.build(
    "commentanalyzer", "v1alpha1", developerKey=os.getenv("GOOGLE_API_KEY"),
    discoveryServiceUrl="https://commentanalyzer.googleapis.com/$discovery/rest?version=v1alpha1",
    static_discovery=False)
scores = {}


def keep(request_id, response, exception):
    scores[request_id] = (response, exception)


batch = perspective.new_batch_http_request()
for k in range(10):
    # raw dot product of every token row with the k-th singular direction
    along = table @ right_vecs[k]
    ends = {"top": along.argsort()[-20:].flip(0), "bottom": along.argsort()[:20]}
    for side, ids in ends.items():
        print(k, side, tok.convert_ids_to_tokens(ids))
        body = {"comment": {"text": tok.decode(ids)},
                "requestedAttributes": {"TOXICITY": {}}, "languages": ["en"]}
        batch.add(perspective.comments().analyze(body=body), callback=keep,
                  request_id=f"dir-{k}-{side}")
batch.execute()
for key, (resp, _) in scores.items():
    print(key, resp["attributeScores"]["TOXICITY"]["summaryScore"]["value"])
