# Synthetic rewrite of the shape of trishasalas/how-models-think:src/decompose.py at adf1d2e2f794e436b22f89f67d735a060f8d8095 (licence NOASSERTION); not the original text.
"""Which sublayer pushes the answer token up?

For every layer, take the attention output and the MLP output at one
position, send each straight through the unembedding, and read off the
score of a single target token. No final norm is applied: we want the
raw push each component adds to the residual stream.
"""

import pandas as pd
from transformer_lens import HookedTransformer


def sublayer_votes(model: HookedTransformer, cache, answer: str, pos: int = -1) -> pd.DataFrame:
    tid = model.to_single_token(answer)
    unembed = model.unembed.W_U            # (d_model, d_vocab)

    records = []
    for L in range(model.cfg.n_layers):
        a = cache["attn_out", L][0, pos]
        m = cache["mlp_out", L][0, pos]
        a_score = float((a @ unembed)[tid])
        m_score = float((m @ unembed)[tid])
        records.append({
            "layer": L,
            "attn": a_score,
            "mlp": m_score,
            "winner": "attn" if abs(a_score) > abs(m_score) else "mlp",
        })

    table = pd.DataFrame(records)
    table.attrs.update(model=model.cfg.model_name, answer=answer, answer_id=int(tid))
    return table
