# Synthetic rewrite of the shape of abeier87/USB:fig1.py at 2f94c3444c8489e9967cdcaf6b86950763dc0733 (licence MIT); not the original text.
# Dump the last linear layer so the angles between the class vectors can be looked at later
import matplotlib.pyplot as plt
import semilearn.nets as zoo

N_LABELS = 10
CKPT = 'saved_models/imbalanced/run0/model_best.pth'
ARCH = 'wrn_28_2'

make_net = getattr(zoo, ARCH)
net = make_net(num_classes=N_LABELS, pretrained=True, pretrained_path=CKPT)

head_rows = net.classifier.weight.data
as_array = head_rows.detach().numpy()

print("head rows:", as_array.shape)
print(as_array)

# fig, ax = plt.subplots()
# ax.imshow(as_array, cmap='bwr')
# fig.savefig('head_rows.png')
