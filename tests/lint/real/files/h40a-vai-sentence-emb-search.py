# Synthetic rewrite of the shape of vaishnavimukala/token_embedding_visualizer:app.py at e8ab8368bce298c80be5cfa663f50df80e0a26b7 (licence NOASSERTION); not the original text.
import pandas as pd
import plotly.express as px
import streamlit as st
import tiktoken
from sentence_transformers import SentenceTransformer
from sklearn.decomposition import PCA
from sklearn.metrics.pairwise import cosine_similarity

st.title("Tokens and sentence vectors")


@st.cache_resource
def encoder():
    return SentenceTransformer("all-MiniLM-L6-v2")


enc = tiktoken.get_encoding("cl100k_base")
lines = st.text_area("One sentence per line", "Owls hunt at night.\nHawks fly by day.\nRust is a systems language.").split("\n")
lines = [l.strip() for l in lines if l.strip()]
question = st.text_input("Query", "birds of prey")

if st.button("Run"):
    counts = pd.DataFrame({"sentence": lines, "tokens": [len(enc.encode(l)) for l in lines]})
    st.dataframe(counts)

    vecs = encoder().encode(lines)
    qvec = encoder().encode([question])
    similarities = cosine_similarity(qvec, vecs)[0]
    ranked = pd.DataFrame({"sentence": lines, "score": similarities}).sort_values("score", ascending=False)
    st.dataframe(ranked.head(3))
    st.info("Meaning is compared with cosine similarity between sentence vectors.")

    xy = PCA(n_components=2).fit_transform(vecs)
    st.plotly_chart(px.scatter(x=xy[:, 0], y=xy[:, 1], text=lines, title="sentence vectors in 2-D"))
