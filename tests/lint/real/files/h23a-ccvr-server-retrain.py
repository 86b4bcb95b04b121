# Synthetic rewrite of the shape of smduan/Fed-CCVR:fedavg/server.py at e8f396d99a0358c493787acef4ea97173eab4839 (licence MIT); not the original text.
import torch
from torch.utils.data import DataLoader


class CalibratingServer:
    def __init__(self, cfg, model, test_set):
        self.cfg = cfg
        self.global_model = model
        self.test_loader = DataLoader(test_set, batch_size=cfg["batch_size"])

    def aggregate(self, client_states, client_weights):
        merged = {k: torch.zeros_like(v) for k, v in self.global_model.state_dict().items()}
        for cid, state in client_states.items():
            for name, tensor in state.items():
                merged[name] += tensor * client_weights[cid]
        self.global_model.load_state_dict(merged)

    def calibrate_head(self, virtual_feats, virtual_labels, head):
        """Classifier calibration: retrain only the head on features sampled from the
        per-class Gaussians that clients reported (virtual representations)."""
        self.retrain_model = head
        loader = DataLoader(list(zip(virtual_feats, virtual_labels)),
                            batch_size=self.cfg["batch_size"], shuffle=True)
        opt = torch.optim.SGD(head.parameters(), lr=self.cfg["retrain"]["lr"],
                              momentum=self.cfg["momentum"], weight_decay=self.cfg["weight_decay"])
        loss_fn = torch.nn.CrossEntropyLoss()
        for epoch in range(self.cfg["retrain"]["epoch"]):
            head.train()
            for data, target in loader:
                opt.zero_grad()
                output = self.retrain_model(data)
                loss = loss_fn(output, target)
                loss.backward()
                opt.step()
            print(f"calibration epoch {epoch}: loss {loss.item():.4f}")
        return self.retrain_model
