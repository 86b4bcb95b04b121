# Synthetic rewrite of the shape of yhcao6/FADI:tools/associate.py at 2cc537895aece016b66f8a9205270ccd7836c083 (licence Apache-2.0); not the original text.
"""For each novel detection class, list the base classes closest to it in WordNet."""
import sys

from nltk.corpus import wordnet as wn
from nltk.corpus import wordnet_ic

from fsdet.data.voc_splits import BASE, NOVEL

split = int(sys.argv[1])
base, novel = BASE[split], NOVEL[split]

ALIASES = {"diningtable": "dining_table", "pottedplant": "flowerpot", "tvmonitor": "tv", "bicycle": "bike"}


def synset(name):
    return wn.synsets(ALIASES.get(name, name))[0]


brown_ic = wordnet_ic.ic("ic-brown.dat")
closest = {}
for n in novel:
    scored = []
    for b in base:
        score = synset(n).lin_similarity(synset(b), ic=brown_ic)
        scored.append((b, round(score, 3)))
    closest[n] = sorted(scored, key=lambda p: p[1], reverse=True)[:5]

for n, best in closest.items():
    print(n, best)
