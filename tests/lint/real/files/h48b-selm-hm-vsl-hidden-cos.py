# Synthetic rewrite of the shape of YanchengZhou2003/SeLM:hm_phase1/hm_vsl.py at c51515651b8a1bbcb23f6f25b823c977a0aa327d (licence NOASSERTION); not the original text.
import torch
import matplotlib.pyplot as plt
from scipy.cluster.hierarchy import linkage, leaves_list
from tiny_lm import TinyCharLM   # char-level GPT whose forward caches normalised final states in .x

dev = 'cuda' if torch.cuda.is_available() else 'cpu'


def plot_token_similarity(pos_ids):
    model = TinyCharLM().to(dev)
    model.load_state_dict(torch.load('tiny_lm.pt'))
    model.eval()
    # 取出token嵌入 (其实是缓存的最后一层归一化隐状态, 第一个样本)
    reps = model.x[0]                    # (T, d)
    graph_pts = model.graph.coords[pos_ids[0]]
    sim_eu = (reps @ reps.T).cpu().numpy()
    sim_graph = model.graph.dist(graph_pts[0][:, None], graph_pts[0][None, :]).mean(-1)

    order = leaves_list(linkage(sim_eu, method='ward'))
    for name, mat in (('eu', sim_eu), ('graph', sim_graph)):
        plt.figure(figsize=(12, 12))
        plt.imshow(mat[order][:, order], cmap='magma')
        plt.colorbar().set_label(f'{name} cosine', rotation=270)
        plt.title('Token embedding similarity')
        plt.savefig(f'tok_sim_{name}.png', dpi=200)
        plt.close()


if __name__ == '__main__':
    pass
