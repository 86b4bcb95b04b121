# cosaudit corpus, synthetic file: same shape as p-w-rs/Coral-Weight-Imprinting/coral_machine.py at 95cd70f8e60ab5754fa74104197471a6be36dc1e (licence NOASSERTION); new code, no text copied.
"""Run a Coral classifier and extend it with new labels by weight imprinting."""
import os

from PIL import Image
from pycoral.adapters import classify, common
from pycoral.learn.imprinting.engine import ImprintingEngine
from pycoral.utils.edgetpu import make_interpreter


class ImprintRunner:
    def __init__(self, model_path, label_path, data_dir):
        self.model_path, self.label_path, self.data_dir = model_path, label_path, data_dir
        self.engine = ImprintingEngine(model_path, keep_classes=True)
        self.labels = dict(enumerate(open(label_path).read().splitlines()))
        self.interpreter = make_interpreter(model_path)
        self.interpreter.allocate_tensors()

    def predict(self, image_path, k=5):
        size = common.input_size(self.interpreter)
        common.set_input(self.interpreter, Image.open(image_path).convert("RGB").resize(size))
        self.interpreter.invoke()
        return [(self.labels.get(c.id, c.id), c.score) for c in classify.get_classes(self.interpreter, k)]

    def imprint(self):
        extractor = make_interpreter(self.engine.serialize_extractor_model())
        extractor.allocate_tensors()
        size = common.input_size(extractor)
        next_id = len(self.labels)
        for category in sorted(os.listdir(self.data_dir)):
            folder = os.path.join(self.data_dir, category)
            for name in os.listdir(folder):
                common.set_input(extractor, Image.open(os.path.join(folder, name)).convert("RGB").resize(size))
                extractor.invoke()
                self.engine.train(classify.get_scores(extractor), class_id=next_id)
            self.labels[next_id] = category
            next_id += 1
        self.interpreter = make_interpreter(self.engine.serialize_model())
        self.interpreter.allocate_tensors()
