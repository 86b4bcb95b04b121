# Synthetic rewrite of the shape of JungHunOh/FCL_NeurIPS2022:models/base/fscil_trainer.py at 09a77bca74a3985ec5b2c908f6e9993c3b5c5687 (licence MIT); not the original text.
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

from .helper import MYNET, train_one_epoch, evaluate
from dataloader.data_utils import session_loaders


class SessionTrainer:
    def __init__(self, args):
        self.args = args
        self.net = nn.DataParallel(MYNET(args, mode=args.base_mode)).cuda()
        self.best_state = copy.deepcopy(self.net.state_dict())
        self.best_acc = [0.0] * args.sessions

    def run(self):
        args = self.args
        for session in range(args.start_session, args.sessions):
            train_set, train_loader, test_loader = session_loaders(args, session)
            self.net.load_state_dict(self.best_state)
            if session != 0:
                continue
            opt = torch.optim.SGD(self.net.parameters(), lr=args.lr_base, momentum=0.9)
            sched = torch.optim.lr_scheduler.StepLR(opt, step_size=args.step, gamma=0.1)
            n_base = args.base_class
            for epoch in range(args.epochs_base):
                # pairwise similarity of the base-class rows of the classifier, as a diagnostic
                base_rows = self.net.module.fc.weight[:n_base]
                row_sim = F.linear(F.normalize(base_rows, dim=-1), F.normalize(base_rows, dim=-1))
                print("row similarity", row_sim.min().item(), row_sim.mean().item())
                train_one_epoch(self.net, train_loader, opt, sched, epoch, args)
                loss, acc = evaluate(self.net, test_loader, epoch, args, session)
                if acc > self.best_acc[session]:
                    self.best_acc[session] = acc
                    self.best_state = copy.deepcopy(self.net.state_dict())
                    torch.save(dict(params=self.best_state), f"{args.save_path}/session{session}_best.pth")
                print(f"epoch {epoch}: loss {loss:.3f} acc {acc:.3f}")
