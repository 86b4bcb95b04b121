# cosaudit corpus, synthetic file: same shape as mouadenna/Token-Embedding-Visualizer/app.py at 88e3c9dd4643af3f931cd3cc1cb6dcc6e3e00aa9 (licence NOASSERTION); new code, no text copied.
import pandas as pd
import plotly.express as px
import streamlit as st
import torch
from transformers import AutoModel, AutoTokenizer

MODELS = {"BERT": "bert-base-uncased", "RoBERTa": "roberta-base", "DistilBERT": "distilbert-base-uncased"}


@st.cache_resource
def load_all():
    return {k: (AutoTokenizer.from_pretrained(v), AutoModel.from_pretrained(v)) for k, v in MODELS.items()}


@torch.no_grad()
def contextual_vectors(text, tok, model):
    enc = tok(text, return_tensors="pt", truncation=True)
    states = model(**enc).last_hidden_state[0]
    return states, tok.convert_ids_to_tokens(enc["input_ids"][0])


def similarity_table(states, pieces):
    unit = states / states.norm(dim=1, keepdim=True)
    sims = unit @ unit.T
    return pd.DataFrame(sims.numpy(), index=pieces, columns=pieces)


st.title("Token vectors side by side")
pairs = load_all()
text = st.text_area("Text", "Transformers changed how machines read language.")
name = st.selectbox("Model", list(pairs))
vecs, pieces = contextual_vectors(text, *pairs[name])
table = similarity_table(vecs, pieces)
st.plotly_chart(px.imshow(table, labels=dict(color="cosine"), color_continuous_scale="RdBu_r"))
