# Synthetic rewrite of the shape of yuuuuzhang/Class-Similarity-Network:code/csn_built.py at 80059639e3585a4761b9b806be265af46aef18d5 (licence GPL-3.0); not the original text.
# Class-similarity network: a sequence profile is compared against the mean profile of
# each class (coding / non-coding) by a shared-shape conv tower and a learned difference head.
from keras.layers import Input, Conv1D, Flatten, Subtract, Dropout, Dense, Add, concatenate
from keras.models import Model

PROFILE_LEN = 84
KERNEL = 2


def conv_tower(t):
    t = Conv1D(16, kernel_size=KERNEL, activation="relu")(t)
    t = Conv1D(32, kernel_size=KERNEL, activation="relu")(t)
    return Flatten()(t)


def similarity_branch(gap):
    wide = Dense(128, activation="relu")(Dropout(0.2)(gap))
    deep = Dense(1, activation="sigmoid")(wide)
    shallow = Dense(1, activation="sigmoid")(Dropout(0.5)(gap))
    return Add()([shallow, deep])


sample_in = Input(shape=(PROFILE_LEN, 1))
coding_mean_in = Input(shape=(PROFILE_LEN, 1))      # mean k-mer profile of the coding class
noncoding_mean_in = Input(shape=(PROFILE_LEN, 1))   # mean k-mer profile of the non-coding class

x = conv_tower(sample_in)
p = conv_tower(coding_mean_in)
n = conv_tower(noncoding_mean_in)

pbia = Subtract()([x, p])
nbia = Subtract()([x, n])

scores = concatenate([similarity_branch(nbia), similarity_branch(pbia)], axis=1)
csn = Model(inputs=[sample_in, coding_mean_in, noncoding_mean_in], outputs=scores)
csn.compile(optimizer="adamax", loss="mean_squared_error", metrics=["accuracy"])
