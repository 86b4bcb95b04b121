# Synthetic rewrite of the shape of riadh-lab-ux/CSC-8614-Mod-les-de-langage:TP1/src/ex2_positions.py at 354e4c8c7de6e763dee89a7f2dc372f0f358980e (licence NOASSERTION); not the original text.
from transformers import GPT2Model
from sklearn.decomposition import PCA
import plotly.express as px

gpt = GPT2Model.from_pretrained("gpt2")

# table des encodages de position appris (une ligne par position)
pos_table = gpt.wpe.weight
print("taille de la table :", tuple(pos_table.shape))
print("dimension cachée :", gpt.config.n_embd, "| contexte max :", gpt.config.n_positions)

# on garde les 120 premières positions et on les projette en 2D
n_keep = 120
pts = pos_table[:n_keep].detach().cpu().numpy()
xy = PCA(n_components=2).fit_transform(pts)

fig = px.scatter(
    x=xy[:, 0], y=xy[:, 1],
    text=[str(k) for k in range(n_keep)],
    color=list(range(n_keep)),
    title=f"Positions GPT-2 projetées par ACP (0-{n_keep})",
)
fig.write_html("positions_acp.html")
print("figure écrite dans positions_acp.html")
