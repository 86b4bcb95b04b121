# cosaudit corpus, synthetic file: same shape as felixsh/OpenOOD/eval_nc.py at 064fe83ae81c6ccffae7645009b9ddb248841597 (licence NOASSERTION); new code, no text copied.
import nc_toolbox as nctb
import pandas as pd
import torch

from benchmarks import id_train_loader
from utils import load_network


@torch.no_grad()
def collapse_table(benchmark, ckpt):
    net = load_network(benchmark, ckpt)
    feats, labels = [], []
    for batch in id_train_loader(benchmark):
        _, f = net(batch["data"].cuda().float(), return_feature=True)
        feats.append(f.flatten(1).cpu())
        labels.append(batch["label"])
    H = torch.cat(feats).numpy()
    L = torch.cat(labels).numpy()
    W, b = net.get_fc()          # (classes x dim), (classes,)

    mu_c = nctb.class_embedding_means(H, L)
    var_c = nctb.class_embedding_variances(H, L, mu_c)
    mu_g = nctb.global_embedding_mean(H)
    return pd.DataFrame({
        "nc1_cdnv": nctb.nc1_cdnv(mu_c, var_c),
        "nc2_equinorm": nctb.nc2_equinormness(mu_c, mu_g),
        "nc2_equiangle": nctb.nc2_equiangularity(mu_c, mu_g),
        "nc3_duality": nctb.nc3_self_duality(W, mu_c, mu_g),
        "nc4_agreement": nctb.nc4_classifier_agreement(H, W, b, mu_c),
    })
