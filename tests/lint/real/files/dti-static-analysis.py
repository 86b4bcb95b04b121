# cosaudit corpus, synthetic file: same shape as jbloomAus/DecisionTransformerInterpretability/src/streamlit_app/static_analysis_components.py at ee55df35cdb92e81d689c72fb9dd5a7252893363 (licence MIT); new code, no text copied.
import plotly.express as px
import streamlit as st
import torch
from fancy_einsum import einsum


def get_cosine_sim_df(vectors, labels):
    unit = vectors / vectors.norm(dim=0, keepdim=True)
    sims = (unit.T @ unit).detach().cpu().numpy()
    import pandas as pd
    return pd.DataFrame(sims, index=labels, columns=labels)


def show_neuron_composition(_dt, all_neurons, labels):
    space_tab, action_tab = st.tabs(["Residual stream", "Action space"])
    with space_tab:
        st.plotly_chart(px.imshow(get_cosine_sim_df(all_neurons.T, labels)), use_container_width=True)
    with action_tab:
        W_U = _dt.action_predictor.weight.detach()                 # [n_actions, d_model]
        W_U_normalized = W_U / torch.norm(W_U, dim=1, keepdim=True)
        in_action_space = einsum("action d_model, d_model n_emb -> action n_emb", W_U_normalized,
                                 all_neurons.detach())
        df = get_cosine_sim_df(in_action_space, labels)
        st.plotly_chart(px.imshow(df, color_continuous_midpoint=0), use_container_width=True)
