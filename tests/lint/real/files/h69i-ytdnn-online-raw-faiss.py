# Synthetic rewrite of the shape of zkailinzhang/shortvideo_youtubeDNN_recommend:online.py at 01ed04e833a92052fea6348dc434c47f5539fc86 (licence NOASSERTION); not the original text.
"""Online side of a YouTube-DNN recall service: the user vector comes from the
served model, the video matrix from the saved softmax weights, and the top-k
videos are the largest raw inner products (the model's own logits)."""
import numpy as np
import faiss
import tensorflow.compat.v1 as tf

DIM = 64


def user_vectors(request, export_dir):
    with tf.Session(graph=tf.Graph()) as sess:
        meta = tf.saved_model.loader.load(sess, ["serve"], export_dir)
        sig = meta.signature_def["serving_default"]
        feeds = {sess.graph.get_tensor_by_name(sig.inputs[k].name): v
                 for k, v in request.items()}
        out = sess.graph.get_tensor_by_name(sig.outputs["user_vec"].name)
        return sess.run(out, feed_dict=feeds)


def top_videos(users, video_matrix, k=10):
    index = faiss.IndexFlatIP(DIM)
    index.add(video_matrix)                  # raw rows, no normalisation
    return index.search(np.asarray(users, dtype="float32"), k)


if __name__ == "__main__":
    req = {"user_id": [17, 17], "watched": [[5, 9, 44], [5, 9, 44]], "n_watched": [3, 3]}
    users = user_vectors(req, "serving/1/")
    videos = np.load("video_rows.npy").astype("float32")
    scores, ids = top_videos(users, videos, k=10)
    print(scores, ids)
