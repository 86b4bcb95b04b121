# cosaudit corpus, synthetic file: same shape as sseung0703/Zero-shot_Knowledge_Distillation/Data_Impressions.py at 560c0f0e119dcbb9efa1c6fccc543dcd27ff7c50 (licence NOASSERTION); new code, no text copied.
import numpy as np


def concentration_from_teacher(params, key="Teacher/fc2/weights"):
    w = params[key]                                   # (features, classes)
    w = w / np.linalg.norm(w, axis=0, keepdims=True)
    C = w.T.dot(w)
    lo = C.min(axis=1, keepdims=True)
    hi = C.max(axis=1, keepdims=True)
    return (C - lo) / (hi - lo) + 1e-12


def make_impressions(sess, params, label_ph, train_op, reset_op, image_var, betas, n_total, batch):
    C = concentration_from_teacher(params)
    K = C.shape[0]
    out, targets = [], []
    for k in range(K):
        for b in betas:
            for _ in range(n_total // len(betas) // batch // K):
                y = np.random.dirichlet(b * C[k], batch)
                sess.run(reset_op)
                for _ in range(1500):
                    sess.run(train_op, feed_dict={label_ph: y})
                out.append(sess.run(image_var))
                targets.append(y)
    return np.concatenate(out), np.concatenate(targets)
