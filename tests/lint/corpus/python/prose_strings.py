"""Streamlit app: prose in docstrings and st.markdown strings is checked as prose."""
import streamlit as st


def explain():
    """Because the unembeddings of the two words are aligned, the model predicts them together.  # expect: COS201

    This sentence is fine: we measured the probabilities of both words on the test set.
    """


st.markdown("The cosine similarity between the lm_head rows of 'king' and 'queen' is 0.74.")  # expect: COS202
st.markdown("Cosine similarity between unembeddings does not tell us which words are predicted together.")
print("The residual stream cosine similarity between layers 3 and 4 is high, which explains the plateau.")
short = "cosine of unembeddings"


def score(a, b):
    """Label score of two unembeddings.

    s = \\cos(\\gamma(a), \\gamma(b)) for the two unembedding vectors.  # expect: COS203
    """
