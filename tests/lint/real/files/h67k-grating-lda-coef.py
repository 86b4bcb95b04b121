# Synthetic rewrite of the shape of tripleatom/ContinualLearning:rf_recon/rf_grid/NeuralExperiment/GratingLDA.py at 9303a7319b5b79486aa7b1d86751330e2c0204b7 (licence NOASSERTION); not the original text.
import numpy as np
import matplotlib.pyplot as plt
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import cross_val_score
from sklearn.preprocessing import StandardScaler


def decode_orientation(rates, angles, folds=5):
    """Fit an LDA decoder of stimulus orientation from unit firing rates."""
    z = StandardScaler().fit_transform(rates)
    decoder = LinearDiscriminantAnalysis()
    cv = cross_val_score(decoder, z, angles, cv=folds)
    decoder.fit(z, angles)
    return {"decoder": decoder, "cv": cv, "proba": decoder.predict_proba(z),
            "pred": decoder.predict(z)}


def draw_decoder_weights(res, unit_names, angles_sorted, out="lda_weights.png"):
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 5))
    dec = res["decoder"]
    if hasattr(dec, "coef_"):
        weights = dec.coef_
        img = left.imshow(weights, cmap="coolwarm", aspect="auto")
        fig.colorbar(img, ax=left)
        left.set_yticks(range(len(angles_sorted)))
        left.set_yticklabels([f"{a} deg" for a in angles_sorted])
        left.set_xlabel("units")
        left.set_title("decoder weights per orientation")

        # how much each unit matters, averaged over orientations
        per_unit = np.abs(weights).mean(axis=0)
        order = np.argsort(per_unit)[::-1][:12]
        right.barh(np.arange(len(order)), per_unit[order])
        right.set_yticks(np.arange(len(order)))
        right.set_yticklabels([unit_names[i] for i in order])
        right.set_title("mean |weight| per unit")
    fig.tight_layout()
    fig.savefig(out, dpi=150)
    plt.close(fig)
