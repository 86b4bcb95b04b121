# Synthetic rewrite of the shape of Ballester/Dataset-Class-Relationship:compare_imagenet_berlin.py at 7e87dfa7f2d74208dce1049184a897b0aac9e365 (licence NOASSERTION); not the original text.
"""Which sketch-dataset categories have a close relative among the ImageNet classes?"""
from nltk.corpus import wordnet as wn

SKETCH_CLASSES = ["airplane", "alarm clock", "angel", "ant", "apple", "bear", "bee"]
IMAGENET_OFFSETS = [2690373, 2708093, 2219486, 2206856, 2132136, 2165105]

by_offset = {s.offset(): s for s in wn.all_synsets("n")}
imagenet_synsets = [by_offset[o] for o in IMAGENET_OFFSETS if o in by_offset]

THRESHOLD = 2.0
for name in sorted(SKETCH_CLASSES):
    for sense in wn.synsets(name.replace(" ", "_"), pos=wn.NOUN):
        for target in imagenet_synsets:
            # Leacock-Chodorow similarity on the WordNet noun hierarchy
            score = sense.lch_similarity(target)
            if score is not None and score > THRESHOLD:
                print(f"{name} -> {target.name()} ({score:.2f})")
