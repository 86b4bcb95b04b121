# Synthetic rewrite of the shape of callummcdougall/arena-v1-ldn-streamlit-new:ch1/pages/4_🔬_W1D4-W2D2_-_Further_Investigations.py at 1d4e1a8c28cc177975cc3fa027cd5d1a74d81128 (licence NOASSERTION); not the original text.
import streamlit as st


def section_gpt2():
    st.markdown(r"""
## Rebuilding GPT-2 so its checkpoint loads

A few places where your own decoder differs from the released model:

* Position information comes from a trained lookup table (`nn.Embedding(n_ctx, d_model)`),
  summed with the token lookup, rather than from fixed sine waves.
* The output projection reuses the token lookup table, so the unembedding is tied.
""")


def section_bert():
    st.markdown(r"""
## Rebuilding BERT

BERT's language-model head finishes with `Linear -> GELU -> LayerNorm -> tied unembedding`,
and the tied unembedding carries its own bias vector of size `vocab_size`.
""")


def section_bonus():
    st.markdown(r"""
---

# A word-guessing game

Build a clone of a word-closeness guessing game where the score of each guess is how near it sits
to a hidden word, measured with the token embedding table your transformer learned.
""")
    st.markdown(r"""
Should the cosine similarity between rows of the token embedding your model learned tell you which words are alike, the way word2vec vectors do? Argue for or against.""")


pages = {"GPT-2": section_gpt2, "BERT": section_bert, "Bonus": section_bonus}
choice = st.sidebar.radio("Section", list(pages))
pages[choice]()
