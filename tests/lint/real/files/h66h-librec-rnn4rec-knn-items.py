# Synthetic rewrite of the shape of massquantity/LibRecommender:examples/knn_embedding_example.py at 7463d9d084bfc6d4cf06dbfc834a255801304d2f (licence MIT); not the original text.
import pandas as pd

from libreco.algorithms import RNN4Rec
from libreco.data import DatasetPure, split_by_ratio_chrono

try:
    import nmslib  # noqa: F401
    use_hnsw = True
except ImportError:
    use_hnsw = False


def main():
    ratings = pd.read_csv(
        "data/ml_sample.dat", sep="::", names=["user", "item", "label", "time"]
    )
    train_df, test_df = split_by_ratio_chrono(ratings, test_size=0.25)
    train_df, info = DatasetPure.build_trainset(train_df)
    test_df = DatasetPure.build_evalset(test_df)

    # GRU over the recent history; every item is scored by a dot product with its
    # own row of the item table, trained pointwise with sigmoid cross entropy
    # against one sampled negative.
    recommender = RNN4Rec(
        "ranking",
        info,
        rnn_type="gru",
        loss_type="cross_entropy",
        embed_size=32,
        n_epochs=3,
        lr=3e-4,
        hidden_units=32,
        batch_size=1024,
        num_neg=1,
        recent_num=12,
    )
    recommender.fit(train_df, neg_sampling=True, verbose=1)

    # nearest neighbours in the learned spaces, measured by cosine
    recommender.init_knn(approximate=use_hnsw, sim_type="cosine")
    print("user 7 vector:", recommender.get_user_embedding(user=7))
    print("item 11 vector:", recommender.get_item_embedding(item=11))

    print("users closest to user 7:", recommender.search_knn_users(user=7, k=5))
    print("items closest to item 11:", recommender.search_knn_items(item=11, k=5))

    fresh = recommender.dyn_user_embedding(user=7, seq=[3, 41, 250])
    print("vector from a new history:", fresh)


if __name__ == "__main__":
    main()
