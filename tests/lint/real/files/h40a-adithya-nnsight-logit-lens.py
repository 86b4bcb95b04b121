# Synthetic rewrite of the shape of adithya-ananth/llms-interpretability:logit_lens.py at 0641916396c40e51da8401f7e2ade61254d79dc5 (licence NOASSERTION); not the original text.
import torch
import plotly.express as px
from nnsight import LanguageModel

# GPT-2 small through nnsight; every block's output is read out with the final head.
lm = LanguageModel("openai-community/gpt2", device_map="auto", dispatch=True)

# Logit lens, step by step:
#   take the residual after each block, pass it through ln_f,
#   multiply by the output head, softmax over the vocabulary.
text = "The Colosseum stands in the city of"
blocks = lm.transformer.h
per_layer = []

with lm.trace() as tr:
    with tr.invoke(text) as inv:
        for i, blk in enumerate(blocks):
            layer_logits = lm.lm_head(lm.transformer.ln_f(blk.output[0]))
            per_layer.append(torch.softmax(layer_logits, dim=-1).save())

p = torch.cat([x.value for x in per_layer])
top_p, top_id = p.max(dim=-1)

decoded = [[lm.tokenizer.decode(t.cpu()) for t in row] for row in top_id]
inputs = [lm.tokenizer.decode(t) for t in inv.inputs[0][0]["input_ids"][0]]

fig = px.imshow(
    top_p.detach().cpu().numpy(),
    x=inputs,
    y=list(range(len(decoded))),
    color_continuous_scale="RdBu_r",
    color_continuous_midpoint=0.5,
    labels=dict(x="token", y="block", color="p(top-1)"),
)
fig.update_traces(text=decoded, texttemplate="%{text}")
fig.update_layout(title="Per-block readout through the LM head")
fig.show()
