# Synthetic rewrite of the shape of Maple910/Analyszing_ViTs_Across_SSL_using_SAE:analyze_unit_statistics.py at c65a6da7e6a7a4587b08e849159703a04d683f8c (licence NOASSERTION); not the original text.
# SAE の上位ユニットについて, デコーダ方向の類似度と発火の相関を並べて描く
import numpy as np
import torch
import torch.nn.functional as F
import seaborn as sns
import matplotlib.pyplot as plt
from sae_model import SparseAutoencoder
from settings import DEVICE, D_MODEL, D_SAE, L1, OUT_DIR


def unit_stats(layer, acts_with, acts_without, acts_series, k=8):
    sae = SparseAutoencoder(D_MODEL, D_SAE, L1).to(DEVICE)
    sae.load_state_dict(torch.load(f"sae_layer{layer}.pt", map_location=DEVICE))
    sae.eval()

    # 属性あり/なしの平均発火の差が大きいユニットを選ぶ
    gap = acts_with.mean(0) - acts_without.mean(0)
    idx = torch.topk(gap, k).indices

    # デコーダの列 = 各ユニットが書き込む方向 (D_SAE, D_MODEL)
    dirs = sae.decoder.weight.data.T[idx]
    # 長さをそろえて内積をとる = コサイン類似度
    dirs = F.normalize(dirs, dim=1)
    sim = (dirs @ dirs.T).cpu().numpy()

    # 同じユニットの発火系列どうしの相関
    corr = np.nan_to_num(np.corrcoef(acts_series[:, idx].cpu().numpy().T))

    fig, ax = plt.subplots(1, 2, figsize=(14, 6))
    sns.heatmap(sim, vmin=-1, vmax=1, cmap="coolwarm", ax=ax[0])
    ax[0].set_title("decoder direction cosine")
    sns.heatmap(corr, vmin=-1, vmax=1, cmap="coolwarm", ax=ax[1])
    ax[1].set_title("activation correlation")
    fig.savefig(f"{OUT_DIR}/units_layer{layer}.png")
