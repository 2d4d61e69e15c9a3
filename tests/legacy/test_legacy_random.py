"""TH v0.4's random API (TH/THRandom.h) and typed random functions
(THFloatTensor_normal, THByteTensor_getRNGState, ..., rand, randn, randperm)
give TH v0.4's streams bit for bit; the raw mt19937 stream is numpy's
RandomState's; TH's checks are TH errors, never hangs or memory errors.

ORACLE below is what TH v0.4 itself printed (libTHref.so, TH v0.4 built
from source by tools/th_oracle/build.sh, on x86-64 with glibc), by
    python tools/th_oracle/random_streams.py OUT/libTHref.so
for every scenario of that script: the sha256 (first 32 hex digits) of the
scenario's output bytes and its first values. The tests run the same
scenarios on th's libTH. CI has no oracle: these constants are it.
"""
import ctypes
import importlib.util
import os
import struct
from ctypes import c_double as D, c_float as F, c_int as I, c_int64 as L, c_uint64 as U64

import numpy as np
import pytest

import th
import th.legacy

from legacy_capi import LIB, P, legacy_fn
from helpers import build_c_program, to_numpy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location(
    "random_streams", os.path.join(ROOT, "tools", "th_oracle", "random_streams.py"))
streams = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(streams)

# fmt: off
ORACLE = {
    '42/THRandom_random': ('855f783080e384267c112dcfd5eb0aa4', [1608637542, 3421126067, 4083286876, 787846414]),
    '42/THRandom_random64': ('79d0d6886e458c189e70a1ff1db6c771', [6909045637428952499, 17537583593393853710, 13502904847239337031, 11043299886329703444]),
    '42/THRandom_standard_uniform': ('16dcbd0e3838d62349ae9003861f8bd4', [0.05815448596142969, 0.06291016742457756, 0.12358607277440903, 0.05258016436107704]),
    '42/THRandom_uniform': ('a7e62978727c17dbcfed79156a6badae', [-2.505686869327848, -2.4652635768910907, -1.9495183814175232, -2.5530686029308454]),
    '42/THRandom_uniformFloat': ('b606a068c1e91185c1a3ed94dd11fb7b', [4.499288558959961, 4.777533531188965, 0.25434207916259766, 5.154097557067871]),
    '42/THRandom_normal': ('856f09689ee241b88d283b7606e9656a', [2.1733807087677177, 1.7576188102731793, 1.9689247267230634, 1.9606660558292237]),
    '42/THRandom_exponential': ('894f8e6c4dd739981ee70c5c465b3307', [0.0855914509868602, 0.09282304113340757, 0.1884525428344151, 0.07716135970099165]),
    '42/THRandom_standard_gamma_0.4': ('c5bec247a17ef9c00a09e3796e9b2992', [1.407541019853517, 0.1984741880717248, 0.0006379574581180127, 0.5810175876003956]),
    '42/THRandom_standard_gamma_3.5': ('5a07261129749163a27de66bf0669841', [3.8043927194297775, 3.401459785322765, 1.559332829805761, 2.846531133821917]),
    '42/THRandom_cauchy': ('91ae6f96ec35a2b17d07add49b10b704', [-3.7062436484986567, -3.496850540028182, -2.222437163363587, -3.999319707795779]),
    '42/THRandom_logNormal': ('0b22d9e2bdc06e884f22c6b65e2a6f75', [1.7671220865469972, 1.496378004005568, 1.6283543289749396, 1.6229839872351517]),
    '42/THRandom_geometric': ('f26fb7f0d94f34e924f386068d32df43', [1, 1, 1, 1]),
    '42/THRandom_bernoulli': ('e630328f38713c88cefc5ac385d54ef0', [1, 1, 1, 1]),
    '42/THRandom_normal_interleaved': ('4acd62d66080b1adc183192b9a45506f', [0.33669035438385886, 0.12358607277440903, 0.1288094051365897, 1.156124744834232]),
    '42/THFloatTensor_random': ('dae65c7a230c98a93b20e4786df3b69a', [14801927.0, 15351016.0, 6423145.0, 16094432.0]),
    '42/THFloatTensor_random_2d_transposed': ('454c2257878c10418e62656625cdfca0', [14801927.0, 15351016.0, 6423145.0, 16094432.0]),
    '42/THFloatTensor_clampedRandom': ('8bf124250a8945be47a6892242337e9a', [52.0, -3.0, 41.0, 14.0]),
    '42/THFloatTensor_clampedRandom_wide': ('e92ad7128174c6457fbab69881652a3f', [-658010144768.0, 1495420502016.0, 1558114598912.0, 1909518893056.0]),
    '42/THFloatTensor_cappedRandom': ('ff4a824194c92825d115f275c2b42ad0', [542.0, 67.0, 876.0, 414.0]),
    '42/THFloatTensor_geometric': ('47581e24e86e31668245d8c7950b3c61', [1.0, 1.0, 1.0, 1.0]),
    '42/THFloatTensor_bernoulli': ('24ee83c1f4fb7d3498e25d3b148d2973', [1.0, 1.0, 1.0, 1.0]),
    '42/THFloatTensor_bernoulli_FloatTensor': ('6c0a11c38e0453792467cd1724c509db', [0.0, 1.0, 1.0, 1.0]),
    '42/THFloatTensor_bernoulli_DoubleTensor': ('6c0a11c38e0453792467cd1724c509db', [0.0, 1.0, 1.0, 1.0]),
    '42/THFloatTensor_randperm': ('644f5ac65a4cf0168860d5d971a40405', [42.0, 35.0, 52.0, 55.0]),
    '42/THFloatTensor_bernoulli_Tensor': ('70b15f7bacfae265cf34700c4f7b325f', [0.0, 1.0, 1.0, 1.0]),
    '42/THFloatTensor_uniform': ('7910abea063cb32d53e678f7efa5b0d9', [2.411346435546875, 2.5750198364257812, -0.08568120002746582, 2.7965283393859863]),
    '42/THFloatTensor_uniform_2d_transposed': ('02a4e12fdecbfd4b7460b7d347dcbbb5', [2.411346435546875, 2.5750198364257812, -0.08568120002746582, 2.7965283393859863]),
    '42/THFloatTensor_normal_7': ('880da0b665a96350bec5d654cae9bd2d', [1.072373628616333, 0.7189759612083435, 0.8985860347747803, 0.8915661573410034]),
    '42/THFloatTensor_normal_16': ('1679133a097e084d4ec38988022679f3', [3.7757556438446045, 3.028383255004883, 2.031219244003296, -3.0793864727020264]),
    '42/THFloatTensor_normal_37': ('f878eb266ecd281a6b2fb3362cc6db12', [3.7757556438446045, 3.028383255004883, 2.031219244003296, -3.0793864727020264]),
    '42/THFloatTensor_normal_64': ('c02b9c684c61bc8a799d9bc528fe9e27', [3.7757556438446045, 3.028383255004883, 2.031219244003296, -3.0793864727020264]),
    '42/THFloatTensor_normal_2d_transposed': ('2773423b92de2ad1ba7a5d02c135b1d1', [1.072373628616333, 0.7189759612083435, 0.8985860347747803, 0.8915661573410034]),
    '42/THFloatTensor_normal_2d_contiguous': ('85ca2fe9a1d8e5d964e556188698c9e2', [5.72343635559082, 4.360580921173096, 2.5422232151031494, -6.777116298675537]),
    '42/THFloatTensor_normal_means_stddevs_9': ('89247a411df08544e6178cca953ca5fc', [-2.797985792160034, -2.4227144718170166, -1.8593225479125977, -1.361800193786621]),
    '42/THFloatTensor_normal_means_stddevs_20': ('1e8f8e1d5d9a0c4bdc55f2ee24d16e5a', [-1.8438509702682495, -1.6076295375823975, -1.4595696926116943, -2.763312816619873]),
    '42/THFloatTensor_exponential': ('76edbdd94dce28fdba051ee30ccddd17', [0.039942678064107895, 0.04331741854548454, 0.08794452250003815, 0.03600863367319107]),
    '42/THFloatTensor_standard_gamma': ('9db9a12f34f6f0d248d830b0c106b7a1', [0.3613117039203644, 0.145513117313385, 0.015108956024050713, 1.1674693822860718]),
    '42/THFloatTensor_cauchy': ('cfb0382659c22c68e3c22377ab2cbba9', [-12.531218528747559, -11.4842529296875, -5.112185955047607, -13.996598243713379]),
    '42/THFloatTensor_logNormal': ('9a4271769bfdb3f6e2e0e1a67fc3ed0e', [1.653710126876831, 1.3715320825576782, 1.5083496570587158, 1.5027544498443604]),
    '42/THFloatTensor_logNormal_40': ('682acee915e1fb5678847755a581e0e8', [1.653710126876831, 1.3715320825576782, 1.5083496570587158, 1.5027544498443604]),
    '42/THFloatTensor_rand': ('ae96f44be8bccb68ba86c70e7c084905', [0.8822692632675171, 0.9150039553642273, 0.38286375999450684, 0.9593056440353394]),
    '42/THFloatTensor_randn': ('b65d1c126da642b2fcfc9d2302bf9956', [1.9269150495529175, 1.4872841835021973, 0.9007171988487244, -2.1055214405059814]),
    '42/THFloatTensor_randn_small': ('adfa6441df0f191c3cc5b333946961a6', [0.33669036626815796, 0.12880940735340118, 0.23446236550807953, 0.23033303022384644]),
    '42/THFloatTensor_multinomial_with': ('9f115a089bf7bae65716f6baaa6ec331', [0.0, 0.0, 2.0, 0.0]),
    '42/THFloatTensor_multinomial_without': ('239fb2de1d4564a231f718995a5394cc', [0.0, 2.0, 4.0, 3.0]),
    '42/THFloatTensor_multinomial_2d': ('799b2afab8c1c9a827949d8dd4808d3f', [0.0, 2.0, 4.0, 3.0]),
    '42/THFloatTensor_multinomialAlias': ('0a04c5e371446cf52d769e2ef5eb8612', [2.0, 4.0, 0.0, 4.0]),
    '42/THDoubleTensor_random': ('c663fde6f16f550d2e8e2168c9b4aa2e', [523809042610868.0, 566644413140339.0, 1113164382588524.0, 473600017246026.0]),
    '42/THDoubleTensor_random_2d_transposed': ('77d0706dbd156fe8f67e081e9d0fc7d3', [523809042610868.0, 566644413140339.0, 1113164382588524.0, 473600017246026.0]),
    '42/THDoubleTensor_clampedRandom': ('884ba32041b336152a23f7bcc51dcab5', [52.0, -3.0, 41.0, 14.0]),
    '42/THDoubleTensor_clampedRandom_wide': ('295e3d81b5af5510ecc568d00fd3dd55', [-658010121257.0, 1495420515085.0, 1558114627669.0, 1909518887528.0]),
    '42/THDoubleTensor_cappedRandom': ('551e0d4fff8957a2f45a57df24b5d6c0', [542.0, 67.0, 876.0, 414.0]),
    '42/THDoubleTensor_geometric': ('066680d2203165699620003573a498c6', [1.0, 1.0, 1.0, 1.0]),
    '42/THDoubleTensor_bernoulli': ('52962b4a9bb98602ff6e690f04abeca5', [1.0, 1.0, 1.0, 1.0]),
    '42/THDoubleTensor_bernoulli_FloatTensor': ('c3d9a3991e65ccec2bb3590631e18551', [0.0, 1.0, 1.0, 1.0]),
    '42/THDoubleTensor_bernoulli_DoubleTensor': ('c3d9a3991e65ccec2bb3590631e18551', [0.0, 1.0, 1.0, 1.0]),
    '42/THDoubleTensor_randperm': ('d85615c6cb7fe226dc8b921288afac62', [42.0, 35.0, 52.0, 55.0]),
    '42/THDoubleTensor_bernoulli_Tensor': ('87afa047b513f021a1c8aafb5896708b', [0.0, 1.0, 1.0, 1.0]),
    '42/THDoubleTensor_uniform': ('089b5a21756ec243dae9fcfa5fc9805c', [-1.7092275701928514, -1.6854491628771122, -1.3820696361279547, -1.7370991781946148]),
    '42/THDoubleTensor_uniform_2d_transposed': ('0ddf7dd57cc99498a63ad716799f8a48', [-1.7092275701928514, -1.6854491628771122, -1.3820696361279547, -1.7370991781946148]),
    '42/THDoubleTensor_normal_7': ('038d68491c64895f7927ac3979db92ce', [1.07237360245256, 0.7189759887322025, 0.8985860177146039, 0.8915661474548402]),
    '42/THDoubleTensor_normal_16': ('ef289e22aefccb99a7c85065941d57f4', [1.0092456891754482, 0.9120422443751999, 0.9814525705105205, 0.10399824472749525]),
    '42/THDoubleTensor_normal_37': ('878d66b6151bc21d45f8d36b7aa9b708', [1.0092456891754482, 0.9120422443751999, 0.9814525705105205, 0.10399824472749525]),
    '42/THDoubleTensor_normal_64': ('f43f05def1e24c0739ac5cc0516cf62c', [1.0092456891754482, 0.9120422443751999, 0.9814525705105205, 0.10399824472749525]),
    '42/THDoubleTensor_normal_2d_transposed': ('886eff64dc705484178571230474c985', [1.07237360245256, 0.7189759887322025, 0.8985860177146039, 0.8915661474548402]),
    '42/THDoubleTensor_normal_2d_contiguous': ('66eed8425e1a614a117401e3337e8968', [0.6786244920258175, 0.5013711515077173, 0.627942922695655, -0.9721208478498616]),
    '42/THDoubleTensor_normal_means_stddevs_9': ('bd494b3f678c3deafa09d9f9c6851858', [-2.7979857873696847, -2.4227143569180463, -1.859322581983081, -1.361800183251233]),
    '42/THDoubleTensor_normal_means_stddevs_20': ('5a6a0cd3d8faadc0b69eda8d0bc05b17', [-2.820266227349842, -2.3545733255146355, -1.830075563349228, -1.6397653253902957]),
    '42/THDoubleTensor_exponential': ('acdd554c13694b4b6c8269e9a698f5de', [0.039942677127201426, 0.04331741919559019, 0.0879445199893937, 0.036008634527129435]),
    '42/THDoubleTensor_standard_gamma': ('367b9406f78c8dbeafccd04316a96009', [0.3613116896677033, 0.14551312763184285, 0.015108959354589602, 1.1674694224091642]),
    '42/THDoubleTensor_cauchy': ('a6c42775813ba4d0cfe11c5308e9fa1c', [-12.531218242493283, -11.48425270014091, -5.112185816817934, -13.996598538978896]),
    '42/THDoubleTensor_logNormal': ('f67e3fe5bfbc7adc89f6888c3f2a2532', [1.6537101161627539, 1.371532139047952, 1.5083496815555069, 1.5027544514316291]),
    '42/THDoubleTensor_logNormal_40': ('b2872672f003715272a02af314cc15d0', [1.6537101161627539, 1.371532139047952, 1.5083496815555069, 1.5027544514316291]),
    '42/THDoubleTensor_rand': ('5f984c5a77813b0ba7511248ff45a95d', [0.05815448596142969, 0.06291016742457756, 0.12358607277440903, 0.05258016436107704]),
    '42/THDoubleTensor_randn': ('9701daaf1e414663cd802b980c479f5d', [0.2995562877502637, 0.24237779080894106, 0.28320739441795323, -0.23294220898382634]),
    '42/THDoubleTensor_randn_small': ('ea5e0d40dcde6540637f97355ace5055', [0.33669035438385886, 0.1288094051365897, 0.23446236336153173, 0.2303330279146119]),
    '42/THDoubleTensor_multinomial_with': ('a38bdf10ffb8189a7495ec1cbeca0bfa', [0.0, 0.0, 2.0, 0.0]),
    '42/THDoubleTensor_multinomial_without': ('94787c9f94f910b58e2d9134fac6617b', [0.0, 2.0, 4.0, 3.0]),
    '42/THDoubleTensor_multinomial_2d': ('dd78d1eeb3b9c09e88c87f91230e5edd', [0.0, 2.0, 4.0, 3.0]),
    '42/THDoubleTensor_multinomialAlias': ('8ef7aab1757875cb5f47f45a5655b550', [2.0, 4.0, 0.0, 4.0]),
    '42/THByteTensor_random': ('6d0aa369614a54cb54e5f700c7a86f5d', [102, 179, 92, 14]),
    '42/THByteTensor_random_2d_transposed': ('bc4f394ed17a01922b86f2e73e6c262c', [102, 179, 92, 14]),
    '42/THByteTensor_clampedRandom': ('c8b992033a81eb857e9b7183d4832334', [52, 253, 41, 14]),
    '42/THByteTensor_clampedRandom_wide': ('6d0aa369614a54cb54e5f700c7a86f5d', [102, 179, 92, 14]),
    '42/THByteTensor_cappedRandom': ('c5b50f5bce631d3c06119ad7da91d9bd', [30, 67, 108, 158]),
    '42/THByteTensor_geometric': ('2a5a766538f79826d5c49a54444b8eea', [1, 1, 1, 1]),
    '42/THByteTensor_bernoulli': ('15f2e6e26d78f171071ba163a2e8603f', [1, 1, 1, 1]),
    '42/THByteTensor_bernoulli_FloatTensor': ('70e90bbe1b3e9d35d5ce67c5d068ef5d', [0, 1, 1, 1]),
    '42/THByteTensor_bernoulli_DoubleTensor': ('70e90bbe1b3e9d35d5ce67c5d068ef5d', [0, 1, 1, 1]),
    '42/THByteTensor_randperm': ('809ed52ee6901d1ced12eabcc8fd1c7b', [42, 35, 52, 55]),
    '42/THCharTensor_random': ('60689f10ae4915c740571e52288ecc27', [102, 51, 92, 14]),
    '42/THCharTensor_random_2d_transposed': ('974df26a798455d619015ca8f9ebaf9c', [102, 51, 92, 14]),
    '42/THCharTensor_clampedRandom': ('c8b992033a81eb857e9b7183d4832334', [52, -3, 41, 14]),
    '42/THCharTensor_clampedRandom_wide': ('6d0aa369614a54cb54e5f700c7a86f5d', [102, -77, 92, 14]),
    '42/THCharTensor_cappedRandom': ('c5b50f5bce631d3c06119ad7da91d9bd', [30, 67, 108, -98]),
    '42/THCharTensor_geometric': ('2a5a766538f79826d5c49a54444b8eea', [1, 1, 1, 1]),
    '42/THCharTensor_bernoulli': ('15f2e6e26d78f171071ba163a2e8603f', [1, 1, 1, 1]),
    '42/THCharTensor_bernoulli_FloatTensor': ('70e90bbe1b3e9d35d5ce67c5d068ef5d', [0, 1, 1, 1]),
    '42/THCharTensor_bernoulli_DoubleTensor': ('70e90bbe1b3e9d35d5ce67c5d068ef5d', [0, 1, 1, 1]),
    '42/THCharTensor_randperm': ('809ed52ee6901d1ced12eabcc8fd1c7b', [42, 35, 52, 55]),
    '42/THShortTensor_random': ('d5143fa42a03786dc1acf1bff85d1e56', [23654, 15795, 860, 5390]),
    '42/THShortTensor_random_2d_transposed': ('fea2e46f39a4a1383a0653c121acad74', [23654, 15795, 860, 5390]),
    '42/THShortTensor_clampedRandom': ('3b1bc64f6b3c1c99342c52c5168e87f8', [52, -3, 41, 14]),
    '42/THShortTensor_clampedRandom_wide': ('2b130fe304b27f15f701467b0b218a52', [-9114, 15795, 860, -27378]),
    '42/THShortTensor_cappedRandom': ('31f856568ec6a63151b9b42d2d7e02a7', [542, 67, 876, 414]),
    '42/THShortTensor_geometric': ('869d02ce01937cc8adc560bf275adfc0', [1, 1, 1, 1]),
    '42/THShortTensor_bernoulli': ('d0ad622423d1ef572dc04ac569173fc1', [1, 1, 1, 1]),
    '42/THShortTensor_bernoulli_FloatTensor': ('d651d48bb007e1bfcac965c52368b373', [0, 1, 1, 1]),
    '42/THShortTensor_bernoulli_DoubleTensor': ('d651d48bb007e1bfcac965c52368b373', [0, 1, 1, 1]),
    '42/THShortTensor_randperm': ('6ade1973cbf41e8a9229e22c8ed4999c', [42, 35, 52, 55]),
    '42/THIntTensor_random': ('fe84d905b4d79b4ef09d91b53a3af00e', [1608637542, 1273642419, 1935803228, 787846414]),
    '42/THIntTensor_random_2d_transposed': ('a8743a396ec0f112ab99237744c1ffc6', [1608637542, 1273642419, 1935803228, 787846414]),
    '42/THIntTensor_clampedRandom': ('28df7630455edc61c6d9b6a2b2ce853b', [52, -3, 41, 14]),
    '42/THIntTensor_clampedRandom_wide': ('691527003d8421111fe20a45f07726d1', [1608637542, -873841229, -211680420, 787846414]),
    '42/THIntTensor_cappedRandom': ('e8980f432d58057fbf8f7a86c2aea1b9', [542, 67, 876, 414]),
    '42/THIntTensor_geometric': ('89b625fbefd6e94d82c2885a189a0a5c', [1, 1, 1, 1]),
    '42/THIntTensor_bernoulli': ('5767aadea0746cc6ecd10d121062e449', [1, 1, 1, 1]),
    '42/THIntTensor_bernoulli_FloatTensor': ('7f4bdab60d97cbc241c78244f287f1c2', [0, 1, 1, 1]),
    '42/THIntTensor_bernoulli_DoubleTensor': ('7f4bdab60d97cbc241c78244f287f1c2', [0, 1, 1, 1]),
    '42/THIntTensor_randperm': ('14d0a422f918ba2dbac194da43cf9aeb', [42, 35, 52, 55]),
    '42/THLongTensor_random': ('903714fe5318af422521e1e6e8772cf7', [6909045637428952499, 8314211556539077902, 4279532810384561223, 1819927849474927636]),
    '42/THLongTensor_random_2d_transposed': ('436efd5467bb80eea371de268c334dc8', [6909045637428952499, 8314211556539077902, 4279532810384561223, 1819927849474927636]),
    '42/THLongTensor_clampedRandom': ('f8c51df6e129f5458dd1f3f6b677b847', [52, -3, 41, 14]),
    '42/THLongTensor_clampedRandom_wide': ('e431eedbb37a41e8da5c0b1f9d042bcf', [-658010121257, 1495420515085, 1558114627669, 1909518887528]),
    '42/THLongTensor_cappedRandom': ('ceee36e81a37662f0b51ea49b332d066', [542, 67, 876, 414]),
    '42/THLongTensor_geometric': ('0b42b84aff252bcdb372c0e479e203a1', [1, 1, 1, 1]),
    '42/THLongTensor_bernoulli': ('e577f38197ee7d3a03af5a2b6b9f30c7', [1, 1, 1, 1]),
    '42/THLongTensor_bernoulli_FloatTensor': ('3f866c1286fa341180223506e28bd0bd', [0, 1, 1, 1]),
    '42/THLongTensor_bernoulli_DoubleTensor': ('3f866c1286fa341180223506e28bd0bd', [0, 1, 1, 1]),
    '42/THLongTensor_randperm': ('05335b96e92ad30ad77d0c0a8d2bc588', [42, 35, 52, 55]),
    '42/state_seeded': ('0b67b5534361286ea9cc10600871aed3', [42, 0, 0, 0]),
    '42/state_midway': ('9362ed8a6da0d31f8dc3268cb8f8e654', [42, 0, 0, 0]),
    '42/state_restored_stream': ('475926eab1c03fc06d827c8c52e531f8', [0.20325958077523246, 1.529219779873758, 0.04372377811567527, -1.4804815236109001]),
    '1099512862343/THRandom_random': ('88d5034ade424ed00333f70501b4b91c', [1018032531, 1997911679, 32849524, 1557424454]),
    '1099512862343/THRandom_random64': ('2ca550ed6f8d9ddd7d34eb9c2e7f65b0', [4372416428907017855, 141087632826591558, 365804520378636258, 5775539283943215229]),
    '1099512862343/THRandom_standard_uniform': ('e31af2c4a78398a2ddf4781f6ea04e58', [0.4357392621875106, 0.6638738453942004, 0.612460103632426, 0.21366926608472137]),
    '1099512862343/THRandom_uniform': ('5ae7f213ba40df2f1bec5a949b59d190', [0.70378372859384, 2.6429276858507027, 2.2059108808756207, -1.1838112382798684]),
    '1099512862343/THRandom_uniformFloat': ('36c29fa9012b6104124adb2cf71f5864', [2.775472640991211, -2.279064655303955, 5.142866134643555, 4.052716255187988]),
    '1099512862343/THRandom_normal': ('a7ceced7520cd5ed4366dd9b0bd74a50', [-1.2158497938832662, 2.660305878579165, 0.44529588762695194, 0.5996547399505774]),
    '1099512862343/THRandom_exponential': ('63432245e265a67c5588a55c2bbf8d6c', [0.8174840474661825, 1.5575267562144905, 1.3541949673152163, 0.34339684856251457]),
    '1099512862343/THRandom_standard_gamma_0.4': ('9af328112ba248df7276d5b5e0a5fec3', [0.11695880868640274, 0.014303521702734447, 0.21592528916854065, 0.5318365769898593]),
    '1099512862343/THRandom_standard_gamma_3.5': ('798a3e0b183131d954dc57d8ef0614e5', [1.3127599958370004, 4.315312948980584, 2.1480038687887744, 1.223087587157671]),
    '1099512862343/THRandom_cauchy': ('5350b63768e67ffcfc4afe78bee1793e', [-1.1023345710291619, -0.7171448043589814, -0.8156114565802165, -1.6294771441520588]),
    '1099512862343/THRandom_logNormal': ('0b61aae2b6f6e3dad0157a853cb4ff91', [0.45550894826186916, 2.1471091402266063, 0.8852531364825172, 0.941634481097077]),
    '1099512862343/THRandom_geometric': ('7815933df0d34ec26632e72872b8440c', [1, 1, 1, 1]),
    '1099512862343/THRandom_bernoulli': ('ae6b5aeaec8d155da3ac5ffde26abefa', [0, 0, 0, 1]),
    '1099512862343/THRandom_normal_interleaved': ('5d70017eb664b43d1974e16b1ecdde75', [-1.357924896941633, 0.612460103632426, 0.5801529392895827, 0.34309410551793257]),
    '1099512862343/THFloatTensor_random': ('2d01f14c1a59c29e700bb56a20bfe8e4', [11399511.0, 1422856.0, 16072307.0, 13920490.0]),
    '1099512862343/THFloatTensor_random_2d_transposed': ('9e300963e81bbf45868b6462fe6f44d3', [11399511.0, 1422856.0, 16072307.0, 13920490.0]),
    '1099512862343/THFloatTensor_clampedRandom': ('076e1b4d5f0dd084cbde61ff57da9889', [91.0, 24.0, 59.0, 84.0]),
    '1099512862343/THFloatTensor_clampedRandom_wide': ('1c479af19444e99cababf9e357b4edad', [-466157502464.0, 1599285100544.0, -799159484416.0, 1515812028416.0]),
    '1099512862343/THFloatTensor_cappedRandom': ('1073f4bb3db9ed7b7a55f8488f489cb7', [531.0, 679.0, 524.0, 454.0]),
    '1099512862343/THFloatTensor_geometric': ('862fa275fc3155793c0ac75efec9ecc0', [1.0, 1.0, 1.0, 1.0]),
    '1099512862343/THFloatTensor_bernoulli': ('d957425504c8e061871ea50dea53fd2a', [0.0, 0.0, 0.0, 1.0]),
    '1099512862343/THFloatTensor_bernoulli_FloatTensor': ('004f5846b99661649e2846337b1cec77', [0.0, 0.0, 1.0, 0.0]),
    '1099512862343/THFloatTensor_bernoulli_DoubleTensor': ('004f5846b99661649e2846337b1cec77', [0.0, 0.0, 1.0, 0.0]),
    '1099512862343/THFloatTensor_randperm': ('1f7db7be65332706c58f0013b98f0164', [51.0, 49.0, 8.0, 5.0]),
    '1099512862343/THFloatTensor_bernoulli_Tensor': ('32e25061a45e1b2ba4c50ebec87ee6b2', [0.0, 0.0, 0.0, 1.0]),
    '1099512862343/THFloatTensor_uniform': ('16547ace2a7f915bef0642b3f3e8b637', [1.3973369598388672, -1.5759203433990479, 2.7899208068847656, 2.1486568450927734]),
    '1099512862343/THFloatTensor_uniform_2d_transposed': ('ec6d8980e0a6971eb294f6debd9ff3cc', [1.3973369598388672, -1.5759203433990479, 2.7899208068847656, 2.1486568450927734]),
    '1099512862343/THFloatTensor_normal_7': ('9aa77672b586ddd06135da2f4ac2c6e9', [-1.8084722757339478, 1.486259937286377, -0.39649850130081177, -0.2652934789657593]),
    '1099512862343/THFloatTensor_normal_16': ('46548e861945eefc0a531b0625a85f55', [-1.9854378700256348, 0.019926995038986206, 4.674967288970947, 3.2385711669921875]),
    '1099512862343/THFloatTensor_normal_37': ('822793237ada1c00cae3c8639d85c4fb', [-1.9854378700256348, 0.019926995038986206, 4.674967288970947, 3.2385711669921875]),
    '1099512862343/THFloatTensor_normal_64': ('9cdcfe385dcf914e22cefd4d51004bf7', [-1.9854378700256348, 0.019926995038986206, 4.674967288970947, 3.2385711669921875]),
    '1099512862343/THFloatTensor_normal_2d_transposed': ('73dce7ff4a92af591132fb5c86f4fb4f', [-1.8084722757339478, 1.486259937286377, -0.39649850130081177, -0.2652934789657593]),
    '1099512862343/THFloatTensor_normal_2d_contiguous': ('537f04b4e32d67de0270bc4c20e543b9', [-4.782268524169922, -1.12542724609375, 7.363174915313721, 4.7438645362854]),
    '1099512862343/THFloatTensor_normal_means_stddevs_9': ('e994bfee0a90484c5c97d2cbe8bdaf70', [-3.8147549629211426, -2.1519081592559814, -2.316411256790161, -1.7701035737991333]),
    '1099512862343/THFloatTensor_normal_means_stddevs_20': ('0d151bb00b65659b61298a3c96a25492', [-3.877213478088379, -2.6694374084472656, -0.526482105255127, -0.5334454774856567]),
    '1099512862343/THFloatTensor_exponential': ('bd3b85c92727f80f9f0ab7a823942e78', [0.381492555141449, 0.7268458008766174, 0.6319576501846313, 0.16025185585021973]),
    '1099512862343/THFloatTensor_standard_gamma': ('20ecd112bccfb10bfaed68b494cb6940', [2.8722504339384614e-06, 0.008643783628940582, 0.5499061942100525, 0.08562467247247696]),
    '1099512862343/THFloatTensor_cauchy': ('27c1534cdded6206d4fb7203c5168893', [0.48832714557647705, 2.414275884628296, 1.9219427108764648, -2.147385835647583]),
    '1099512862343/THFloatTensor_logNormal': ('449d9a48572de24d29043778c7de0441', [0.35982683300971985, 2.0588295459747314, 0.7598631978034973, 0.8145207762718201]),
    '1099512862343/THFloatTensor_logNormal_40': ('850d4872d77d828650ddbfe618dfa2ea', [0.35982683300971985, 2.0588295459747314, 0.7598631978034973, 0.8145207762718201]),
    '1099512862343/THFloatTensor_rand': ('9c5b3900e03efddbfabc34cf7cb2e669', [0.6794673800468445, 0.08481591939926147, 0.957984209060669, 0.8297313451766968]),
    '1099512862343/THFloatTensor_randn': ('bfe30315e94692daae744d10942428b9', [-1.4620221853256226, -0.2823958694934845, 2.4558629989624023, 1.6109241247177124]),
    '1099512862343/THFloatTensor_randn_small': ('66cc80691d90d80bc56b20261ad810da', [-1.3579249382019043, 0.5801529288291931, -0.5273520350456238, -0.45017263293266296]),
    '1099512862343/THFloatTensor_multinomial_with': ('a80bc7dad7a895b6c3f178365d8b3a0f', [3.0, 4.0, 4.0, 2.0]),
    '1099512862343/THFloatTensor_multinomial_without': ('1262a074f274c1035bc204726db56862', [3.0, 4.0, 5.0, 2.0]),
    '1099512862343/THFloatTensor_multinomial_2d': ('8890bd56cd60efdf4e54f55dced5dffb', [3.0, 4.0, 5.0, 2.0]),
    '1099512862343/THFloatTensor_multinomialAlias': ('ee6cfc67b6e437bcfb46b836a7df67f0', [2.0, 4.0, 0.0, 4.0]),
    '1099512862343/THDoubleTensor_random': ('97383785e91bbb76735268976917195f', [3924790357636250.0, 5979644005476663.0, 5516550188996538.0, 1924561654238716.0]),
    '1099512862343/THDoubleTensor_random_2d_transposed': ('02d025d68acfb2c4f00565daa983707e', [3924790357636250.0, 5979644005476663.0, 5516550188996538.0, 1924561654238716.0]),
    '1099512862343/THDoubleTensor_clampedRandom': ('2b0d3f23c06ad3d44e5aee8915d7452b', [91.0, 24.0, 59.0, 84.0]),
    '1099512862343/THDoubleTensor_clampedRandom_wide': ('6d2110ecf5dec7a5fed06ab747f8e3d0', [-466157500274.0, 1599285130250.0, -799159516087.0, 1515812006313.0]),
    '1099512862343/THDoubleTensor_cappedRandom': ('130dc028253031331930720e231e0e2b', [531.0, 679.0, 524.0, 454.0]),
    '1099512862343/THDoubleTensor_geometric': ('03c6d33ac3958e7efc8cbe4bf1267f05', [1.0, 1.0, 1.0, 1.0]),
    '1099512862343/THDoubleTensor_bernoulli': ('467a6782d602c3a270da0622cbbb6edd', [0.0, 0.0, 0.0, 1.0]),
    '1099512862343/THDoubleTensor_bernoulli_FloatTensor': ('296e3fc3bcb666510922e50ce896e70f', [0.0, 0.0, 1.0, 0.0]),
    '1099512862343/THDoubleTensor_bernoulli_DoubleTensor': ('296e3fc3bcb666510922e50ce896e70f', [0.0, 0.0, 1.0, 0.0]),
    '1099512862343/THDoubleTensor_randperm': ('61b1b44a79814ded3bbac580cc6c28df', [51.0, 49.0, 8.0, 5.0]),
    '1099512862343/THDoubleTensor_bernoulli_Tensor': ('03e0aef96caf674daabbdc192a83f1b5', [0.0, 0.0, 0.0, 1.0]),
    '1099512862343/THDoubleTensor_uniform': ('4e51f924a6a21ca9655266a1eb96cc7e', [0.178696310937553, 1.319369226971002, 1.0623005181621297, -0.9316536695763933]),
    '1099512862343/THDoubleTensor_uniform_2d_transposed': ('6b7b0595cf7205bfeef9785db04a9710', [0.178696310937553, 1.319369226971002, 1.0623005181621297, -0.9316536695763933]),
    '1099512862343/THDoubleTensor_normal_7': ('2a6eed4ca70cb1c855fe3a42e29dd02f', [-1.8084723248007761, 1.4862599967922905, -0.3964984955170908, -0.2652934710420092]),
    '1099512862343/THDoubleTensor_normal_16': ('e14343505dfe4a47bd6bbffa3d74578f', [2.1362242587895746, -0.6738316484779376, 1.039647960446692, -0.5056350794924283]),
    '1099512862343/THDoubleTensor_normal_37': ('3570d8d7310ba37c6c79caea419d680a', [2.1362242587895746, -0.6738316484779376, 1.039647960446692, -0.5056350794924283]),
    '1099512862343/THDoubleTensor_normal_64': ('cc8499b260dded11b4eab7b98b01c747', [2.1362242587895746, -0.6738316484779376, 1.039647960446692, -0.5056350794924283]),
    '1099512862343/THDoubleTensor_normal_2d_transposed': ('58c39eb9cdb2a0c66012d8380e8818a3', [-1.8084723248007761, 1.4862599967922905, -0.3964984955170908, -0.2652934710420092]),
    '1099512862343/THDoubleTensor_normal_2d_contiguous': ('ccaf308ed22751c54083c8233e4d8e4c', [2.733703060145695, -2.390516535459769, 0.7340639278733797, -2.0838051449567807]),
    '1099512862343/THDoubleTensor_normal_means_stddevs_9': ('5c3441f99eda813cc114e543bb490ec1', [-3.8147549381649797, -2.1519082364262503, -2.3164112337119143, -1.7701035780148269]),
    '1099512862343/THDoubleTensor_normal_means_stddevs_20': ('b906c6ab4cb27a1b8e4c307a30d2f32a', [-2.4225090851330915, -2.9142935229922133, -1.809536013959991, -1.8549300280561511]),
    '1099512862343/THDoubleTensor_exponential': ('7c5acf2f46d0a7ffbf8f4e7de2250679', [0.38149255548421845, 0.7268458195667622, 0.6319576514137676, 0.1602518626625068]),
    '1099512862343/THDoubleTensor_standard_gamma': ('e9cdc3df7a216d987b37cb8bee6a46a4', [2.87224983006309e-06, 0.008643784487502068, 0.5499062261452949, 0.08562467607978876]),
    '1099512862343/THDoubleTensor_cauchy': ('85f410031067cfe4a9d45411b520433a', [0.48832714485419104, 2.414275978205093, 1.9219427170989176, -2.1473857207602935]),
    '1099512862343/THDoubleTensor_logNormal': ('97ae9530d40a926c1f8b1397e8799e3b', [0.3598268241683822, 2.058829557506469, 0.7598632086136824, 0.8145207569155284]),
    '1099512862343/THDoubleTensor_logNormal_40': ('16a5c65b57032735ed04b21f3c379c8b', [0.3598268241683822, 2.058829557506469, 0.7598632086136824, 0.8145207569155284]),
    '1099512862343/THDoubleTensor_rand': ('54dc05bb26f97233108c41ed85f58e93', [0.4357392621875106, 0.6638738453942004, 0.612460103632426, 0.21366926608472137]),
    '1099512862343/THDoubleTensor_randn': ('52490b5465f6e130601d2a95dce244b0', [0.9624848581115144, -0.6904892049870222, 0.3174399767333483, -0.5915500467602519]),
    '1099512862343/THDoubleTensor_randn_small': ('ae2b1235e3acf76632c033911f275778', [-1.357924896941633, 0.5801529392895827, -0.527352056186524, -0.4501726300247113]),
    '1099512862343/THDoubleTensor_multinomial_with': ('e87cafd3ca05a216d0223040bc43de46', [3.0, 4.0, 4.0, 2.0]),
    '1099512862343/THDoubleTensor_multinomial_without': ('f21d5afa1a81b50b7bcea61022e8c1f6', [3.0, 4.0, 5.0, 2.0]),
    '1099512862343/THDoubleTensor_multinomial_2d': ('a28ef77dbb1cea66bf6210ebe465ced1', [3.0, 4.0, 5.0, 2.0]),
    '1099512862343/THDoubleTensor_multinomialAlias': ('625eb71fcb2fa60bc1fd3a1a759a0bb8', [2.0, 4.0, 0.0, 4.0]),
    '1099512862343/THByteTensor_random': ('45e715148cfd9aeb1c710c5e5b3862e8', [147, 127, 116, 70]),
    '1099512862343/THByteTensor_random_2d_transposed': ('ed3300ecfba714a4e4146b0bf1023267', [147, 127, 116, 70]),
    '1099512862343/THByteTensor_clampedRandom': ('61c5e13255cb72a8f956b2c35cd0be3e', [91, 24, 59, 84]),
    '1099512862343/THByteTensor_clampedRandom_wide': ('45e715148cfd9aeb1c710c5e5b3862e8', [147, 127, 116, 70]),
    '1099512862343/THByteTensor_cappedRandom': ('c2d2e40f072ad39d948bcbac8aeeb348', [19, 167, 12, 198]),
    '1099512862343/THByteTensor_geometric': ('eb087738b92a505194696388388de2ac', [1, 1, 1, 1]),
    '1099512862343/THByteTensor_bernoulli': ('bc77d09b18b2f814480772e5546af263', [0, 0, 0, 1]),
    '1099512862343/THByteTensor_bernoulli_FloatTensor': ('480f22f636608c53c5536b67fadd9f21', [0, 0, 1, 0]),
    '1099512862343/THByteTensor_bernoulli_DoubleTensor': ('480f22f636608c53c5536b67fadd9f21', [0, 0, 1, 0]),
    '1099512862343/THByteTensor_randperm': ('56d95d720f6efd394c21cfa3b024ba9f', [51, 49, 8, 5]),
    '1099512862343/THCharTensor_random': ('0aabcea29eed65235ee3c4d87f117c9b', [19, 127, 116, 70]),
    '1099512862343/THCharTensor_random_2d_transposed': ('d9a4afebea163b3009c34ce0a853b5e7', [19, 127, 116, 70]),
    '1099512862343/THCharTensor_clampedRandom': ('61c5e13255cb72a8f956b2c35cd0be3e', [91, 24, 59, 84]),
    '1099512862343/THCharTensor_clampedRandom_wide': ('45e715148cfd9aeb1c710c5e5b3862e8', [-109, 127, 116, 70]),
    '1099512862343/THCharTensor_cappedRandom': ('c2d2e40f072ad39d948bcbac8aeeb348', [19, -89, 12, -58]),
    '1099512862343/THCharTensor_geometric': ('eb087738b92a505194696388388de2ac', [1, 1, 1, 1]),
    '1099512862343/THCharTensor_bernoulli': ('bc77d09b18b2f814480772e5546af263', [0, 0, 0, 1]),
    '1099512862343/THCharTensor_bernoulli_FloatTensor': ('480f22f636608c53c5536b67fadd9f21', [0, 0, 1, 0]),
    '1099512862343/THCharTensor_bernoulli_DoubleTensor': ('480f22f636608c53c5536b67fadd9f21', [0, 0, 1, 0]),
    '1099512862343/THCharTensor_randperm': ('56d95d720f6efd394c21cfa3b024ba9f', [51, 49, 8, 5]),
    '1099512862343/THShortTensor_random': ('53d1ddcadde52e858b47f3c45e3c3487', [29075, 13951, 15988, 26950]),
    '1099512862343/THShortTensor_random_2d_transposed': ('0d75d3665aeeb049b2d4c3a6cd469f03', [29075, 13951, 15988, 26950]),
    '1099512862343/THShortTensor_clampedRandom': ('4ec35ef88f97b9eb8888f9612c5a03db', [91, 24, 59, 84]),
    '1099512862343/THShortTensor_clampedRandom_wide': ('3bdbf9f84b8afba4ca8aab2777cd764d', [-3693, -18817, 15988, 26950]),
    '1099512862343/THShortTensor_cappedRandom': ('a2e625cd49db12360e3ec69df27113c9', [531, 679, 524, 454]),
    '1099512862343/THShortTensor_geometric': ('a17816842bfc2883417f559e2679b136', [1, 1, 1, 1]),
    '1099512862343/THShortTensor_bernoulli': ('59ae37d3543041e63a056c157f9e061f', [0, 0, 0, 1]),
    '1099512862343/THShortTensor_bernoulli_FloatTensor': ('d7505e55aab63b4af866825a25f834e8', [0, 0, 1, 0]),
    '1099512862343/THShortTensor_bernoulli_DoubleTensor': ('d7505e55aab63b4af866825a25f834e8', [0, 0, 1, 0]),
    '1099512862343/THShortTensor_randperm': ('bd369140012e59bcd0312f43e8e960aa', [51, 49, 8, 5]),
    '1099512862343/THIntTensor_random': ('cc9d4800f3f42f2c029f541ba46fa003', [1018032531, 1997911679, 32849524, 1557424454]),
    '1099512862343/THIntTensor_random_2d_transposed': ('eb3e4582df6e49c57483bd65e7370f57', [1018032531, 1997911679, 32849524, 1557424454]),
    '1099512862343/THIntTensor_clampedRandom': ('0c41997f1ae4da140fe695d40a984c53', [91, 24, 59, 84]),
    '1099512862343/THIntTensor_clampedRandom_wide': ('388e455b1c8c196e7d62a935610b039a', [1018032531, 1997911679, 32849524, 1557424454]),
    '1099512862343/THIntTensor_cappedRandom': ('3a03b8fb0fc2b0daf98b1d7240203bbf', [531, 679, 524, 454]),
    '1099512862343/THIntTensor_geometric': ('69849ec156f40b3933a8ebb508cde5c3', [1, 1, 1, 1]),
    '1099512862343/THIntTensor_bernoulli': ('7f34f1814f77d68a2cfb29ab6b072ca9', [0, 0, 0, 1]),
    '1099512862343/THIntTensor_bernoulli_FloatTensor': ('9babcbfb52d6d7fa5e7f5e3bdd8feac2', [0, 0, 1, 0]),
    '1099512862343/THIntTensor_bernoulli_DoubleTensor': ('9babcbfb52d6d7fa5e7f5e3bdd8feac2', [0, 0, 1, 0]),
    '1099512862343/THIntTensor_randperm': ('0c1e39ab75de652f9d4e4b15415db2e3', [51, 49, 8, 5]),
    '1099512862343/THLongTensor_random': ('601cbcfcb0a482c62809282f2fef19d8', [4372416428907017855, 141087632826591558, 365804520378636258, 5775539283943215229]),
    '1099512862343/THLongTensor_random_2d_transposed': ('b1c3c4968e53ab55744fb2b48c16b227', [4372416428907017855, 141087632826591558, 365804520378636258, 5775539283943215229]),
    '1099512862343/THLongTensor_clampedRandom': ('b3b307070cb69c181a2287af59803dd2', [91, 24, 59, 84]),
    '1099512862343/THLongTensor_clampedRandom_wide': ('3b8356792ae35616df3b4f97100690e8', [-466157500274, 1599285130250, -799159516087, 1515812006313]),
    '1099512862343/THLongTensor_cappedRandom': ('00f2b0f6c2428a77db237fb2ce03b7ca', [531, 679, 524, 454]),
    '1099512862343/THLongTensor_geometric': ('3aaa10f7fc3d0b2440b957f198489006', [1, 1, 1, 1]),
    '1099512862343/THLongTensor_bernoulli': ('1a30dc7a4d5909491ae54189d801975d', [0, 0, 0, 1]),
    '1099512862343/THLongTensor_bernoulli_FloatTensor': ('bd604a09e4816be512a17cc53d6ae61a', [0, 0, 1, 0]),
    '1099512862343/THLongTensor_bernoulli_DoubleTensor': ('bd604a09e4816be512a17cc53d6ae61a', [0, 0, 1, 0]),
    '1099512862343/THLongTensor_randperm': ('2f2a4a7581ac7548d40666ab2b679a04', [51, 49, 8, 5]),
    '1099512862343/state_seeded': ('58489901d268732b8070385a8058757f', [135, 214, 18, 0]),
    '1099512862343/state_midway': ('2375321d6944d64d55d8cfd199fd0aa8', [135, 214, 18, 0]),
    '1099512862343/state_restored_stream': ('00591fb37f975d7df373b8448083415c', [1.7257383119756937, 1.5879520184066305, 0.7948314081358913, 0.948189136313983]),
}
# fmt: on

TYPES = [R for R, _, _ in streams.TYPES]
CTYPES = {R: c for R, c, _ in streams.TYPES}
DTYPES = {"Float": th.float32, "Double": th.float64, "Byte": th.uint8, "Char": th.int8,
          "Short": th.int16, "Int": th.int32, "Long": th.int64}
STATE_SIZE = 5048  # sizeof(TH v0.4's THGeneratorState) on x86-64


@pytest.fixture(scope="module")
def th_streams():
    # every scenario frees what it made: the leak harness sees no change
    return streams.scenarios(LIB, th.legacy.call)


def test_every_oracle_scenario_is_run(th_streams):
    assert set(th_streams) == set(ORACLE)
    # every typed function of THLegacyTensorRandom.h and rand/randn/randperm, every type
    names = {k.split("/", 1)[1] for k in ORACLE}
    for R in TYPES:
        for f in ("random", "clampedRandom", "cappedRandom", "geometric", "bernoulli",
                  "bernoulli_FloatTensor", "bernoulli_DoubleTensor", "randperm"):
            assert f"TH{R}Tensor_{f}" in names
    for R in ("Float", "Double"):
        for f in ("bernoulli_Tensor", "uniform", "normal_7", "normal_means_stddevs_9",
                  "exponential", "standard_gamma", "cauchy", "logNormal", "multinomial_with",
                  "multinomialAlias", "rand", "randn"):
            assert f"TH{R}Tensor_{f}" in names


@pytest.mark.parametrize("name", sorted(ORACLE))
def test_stream_is_th04s_bit_for_bit(th_streams, name):
    fmt, raw = th_streams[name]
    digest, head = streams.digest(fmt, raw)
    want_digest, want_head = ORACLE[name]
    assert head == want_head
    assert digest == want_digest


# ------------------------------------------------------------------ helpers

def fn(name, restype, *argtypes):
    return legacy_fn(name, restype, *argtypes)


def new_gen(seed):
    g = fn("THGenerator_new", P)()
    fn("THRandom_manualSeed", None, P, U64)(g, seed)
    return g


free_gen = fn("THGenerator_free", None, P)
rand32 = fn("THRandom_random", U64, P)


@pytest.fixture
def gen():
    g = new_gen(42)
    yield g
    free_gen(g)


def raw_after(seed, n):
    """the (n+1)th raw draw of a generator seeded with seed"""
    rs = np.random.RandomState(seed & 0xFFFFFFFF)
    return int(rs.randint(0, 2**32, size=n + 1, dtype=np.uint64)[-1])


# ---------------------------------------------------- mt19937 against numpy

@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 - 1, 2**40 + 1234567])
def test_raw_stream_is_numpys_randomstate(seed):
    g = new_gen(seed)
    got = [rand32(g) for _ in range(2000)]  # three twists
    hi_lo = [fn("THRandom_random64", U64, P)(g) for _ in range(5)]
    free_gen(g)
    # RandomState(seed) is mt19937's init_genrand(seed): TH's seeding of the low 32 bits
    want = np.random.RandomState(seed & 0xFFFFFFFF).randint(0, 2**32, size=2010, dtype=np.uint64)
    assert got == [int(x) for x in want[:2000]]
    assert hi_lo == [int(want[2000 + 2 * k]) << 32 | int(want[2001 + 2 * k]) for k in range(5)]


def test_saved_state_is_numpys_key():
    g = new_gen(2024)
    for _ in range(700):
        rand32(g)
    b = th.empty(0, dtype=th.uint8)
    fn("THByteTensor_getRNGState", None, P, P)(g, b)
    free_gen(g)
    raw = to_numpy(b).tobytes()
    assert len(raw) == STATE_SIZE
    seed, left, seeded, nxt = struct.unpack_from("<QiiQ", raw, 0)
    words = np.frombuffer(raw, dtype=np.uint64, count=624, offset=24)
    rs = np.random.RandomState(2024)
    rs.randint(0, 2**32, size=700, dtype=np.uint64)
    _, key, pos, _, _ = rs.get_state()
    assert (seed, seeded) == (2024, 1)
    assert nxt == pos and left == 624 - pos + 1
    assert (words == key.astype(np.uint64)).all()


# ------------------------------------------------------------ THRandom.h

def test_generator_new_copy_free_and_seeds():
    g = fn("THGenerator_new", P)()
    h = fn("THGenerator_new", P)()
    seed = fn("THRandom_seed", U64, P)(g)
    assert fn("THRandom_initialSeed", U64, P)(g) == seed
    assert rand32(g) == raw_after(seed, 0)
    fn("THRandom_manualSeed", None, P, U64)(g, 2**63 + 5)
    assert fn("THRandom_initialSeed", U64, P)(g) == 2**63 + 5  # all 64 bits kept
    normal = fn("THRandom_normal", D, P, D, D)
    normal(g, 0.0, 1.0)  # the sine half is cached: copy carries it
    assert fn("THGenerator_copy", P, P, P)(h, g) == h
    assert fn("THGenerator_copy", P, P, P)(h, h) == h
    assert [normal(h, 0.0, 1.0), rand32(h)] == [normal(g, 0.0, 1.0), rand32(g)]
    free_gen(g)
    free_gen(h)


def test_th_and_th04_draws_share_the_mt19937_but_not_the_normal_cache():
    # th's own generator API on the same object: one stream of raw draws
    g = fn("THGenerator_newWithSeed", P, U64)(7)
    a = fn("THGenerator_random", ctypes.c_uint32, P)(g)
    b = rand32(g)
    assert [a, b] == [raw_after(7, 0), raw_after(7, 1)]
    free_gen(g)


def test_null_generator_is_the_default_one():
    fn("THRandom_manualSeed", None, P, U64)(None, 99)
    assert fn("THRandom_initialSeed", U64, P)(None) == 99
    assert rand32(None) == raw_after(99, 0)
    t = th.empty(5, dtype=th.float64)
    fn("THDoubleTensor_uniform", None, P, P, D, D)(t, None, 0.0, 1.0)
    g = new_gen(99)
    rand32(g)
    u = th.empty(5, dtype=th.float64)
    fn("THDoubleTensor_uniform", None, P, P, D, D)(u, g, 0.0, 1.0)
    free_gen(g)
    assert (to_numpy(t) == to_numpy(u)).all()
    fn("THRandom_seed", U64, P)(None)  # the default generator nondeterministic again


class State(ctypes.Structure):
    _fields_ = [("the_initial_seed", ctypes.c_uint64), ("left", ctypes.c_int),
                ("seeded", ctypes.c_int), ("next", ctypes.c_uint64),
                ("state", ctypes.c_uint64 * 624), ("normal_x", ctypes.c_double),
                ("normal_y", ctypes.c_double), ("normal_rho", ctypes.c_double),
                ("normal_is_valid", ctypes.c_int)]


def test_generator_state_struct_is_valid_and_copy():
    assert ctypes.sizeof(State) == STATE_SIZE
    valid = fn("THGeneratorState_isValid", I, P)
    copy = fn("THGeneratorState_copy", P, P, P)
    s, t = State(), State()
    assert valid(ctypes.addressof(s)) == 0  # not seeded
    s.seeded, s.left, s.next, s.normal_x = 1, 1, 0, 0.25
    assert valid(ctypes.addressof(s)) == 1
    for left, nxt, ok in ((624, 1, 1), (625, 0, 0), (0, 0, 0), (5, 624, 1), (5, 625, 0)):
        s.left, s.next = left, nxt
        assert valid(ctypes.addressof(s)) == ok  # TH's rule, whatever th loads
    assert copy(ctypes.addressof(t), ctypes.addressof(s)) == ctypes.addressof(t)
    assert bytes(t) == bytes(s)
    with pytest.raises(RuntimeError, match="from is NULL"):
        copy(ctypes.addressof(t), None)


@pytest.mark.parametrize("call, args, message", [
    ("THRandom_normal", (0.0, 0.0), "strictly positive"),
    ("THRandom_normal", (0.0, -1.0), "strictly positive"),
    ("THRandom_logNormal", (0.0, 0.0), "strictly positive"),
    ("THRandom_geometric", (1.0,), "must be > 0 and < 1"),
    ("THRandom_geometric", (0.0,), "must be > 0 and < 1"),
    ("THRandom_bernoulli", (1.5,), "must be >= 0 and <= 1"),
    ("THRandom_bernoulli", (float("nan"),), "must be >= 0 and <= 1"),
    ("THRandom_standard_gamma", (-1.0,), "greater than -2/3"),  # TH looped forever
    ("THRandom_standard_gamma", (float("nan"),), "greater than -2/3"),
])
def test_scalar_checks_are_th_errors_and_draw_nothing(gen, call, args, message):
    restype = I if call in ("THRandom_geometric", "THRandom_bernoulli") else D
    with pytest.raises(RuntimeError, match=message):
        fn(call, restype, P, *[D] * len(args))(gen, *args)
    assert rand32(gen) == raw_after(42, 0)


def test_gamma_near_the_boundary_and_zero_alpha_still_draw(gen):
    gamma = fn("THRandom_standard_gamma", D, P, D)
    assert gamma(gen, 0.0) == 0.0  # TH's pow(u, inf): the tensor form makes it TH_REAL_MIN
    assert gamma(gen, -0.5) > 0


def test_geometric_of_p_near_one_is_x86s_int_conversion(gen):
    # (int) of a quotient past INT_MAX: TH on x86 gave INT_MIN (+1); th the same, without UB
    g = fn("THRandom_geometric", I, P, D)
    vals = [g(gen, 1 - 1e-12) for _ in range(200)]
    assert all(v > 0 or v == -2**31 + 1 for v in vals)


# ----------------------------------------------------------- typed fills

def typed(R, name, restype, *argtypes):
    return fn(f"TH{R}Tensor_{name}", restype, *argtypes)


def empty(R, *shape):
    return th.empty(*shape, dtype=DTYPES[R])


@pytest.mark.parametrize("R", TYPES)
def test_fills_of_empty_tensors_draw_nothing_and_check_nothing(gen, R):
    t = th.empty(0, dtype=DTYPES[R])
    typed(R, "random", None, P, P)(t, gen)
    typed(R, "geometric", None, P, P, D)(t, gen, 5.0)  # TH checked p per element
    typed(R, "bernoulli", None, P, P, D)(t, gen, 5.0)
    if R in ("Float", "Double"):
        typed(R, "normal", None, P, P, D, D)(t, gen, 0.0, -1.0)
        typed(R, "logNormal", None, P, P, D, D)(t, gen, 0.0, -1.0)
    assert rand32(gen) == raw_after(42, 0)


@pytest.mark.parametrize("R", TYPES)
def test_typed_argument_errors(gen, R):
    t = empty(R, 4)
    with pytest.raises(RuntimeError, match="max must be greater than min"):
        typed(R, "clampedRandom", None, P, P, L, L)(t, gen, 5, 5)
    with pytest.raises(RuntimeError, match="max must be positive"):
        typed(R, "cappedRandom", None, P, P, L)(t, gen, 0)
    with pytest.raises(RuntimeError, match="must be > 0 and < 1"):
        typed(R, "geometric", None, P, P, D)(t, gen, 1.0)
    with pytest.raises(RuntimeError, match="must be >= 0 and <= 1"):
        typed(R, "bernoulli", None, P, P, D)(t, gen, -0.1)
    with pytest.raises(RuntimeError, match="strictly positive"):
        typed(R, "randperm", None, P, P, L)(t, gen, 0)
    other = th.empty(4, dtype=th.float32 if R != "Float" else th.float64)
    with pytest.raises(TypeError, match=f"not a TH{R}Tensor"):
        typed(R, "random", None, P, P)(other, gen)
    with pytest.raises(ValueError, match="NULL"):
        typed(R, "random", None, P, P)(None, gen)
    p = th.empty(5, dtype=th.float32)
    with pytest.raises(RuntimeError, match="inconsistent tensor size"):
        typed(R, "bernoulli_FloatTensor", None, P, P, P)(t, gen, p)
    assert rand32(gen) == raw_after(42, 0)  # nothing drawn by a refused call


@pytest.mark.parametrize("R", TYPES)
def test_bernoulli_tensor_fails_where_th_failed(gen, R):
    # TH checked each p as it drew: the elements before the bad one are filled
    t = empty(R, 4)
    t.fill_(7)
    p = th.tensor([1.0, 1.0, 2.0, 0.5], dtype=th.float64)
    with pytest.raises(RuntimeError, match="must be >= 0 and <= 1"):
        typed(R, "bernoulli_DoubleTensor", None, P, P, P)(t, gen, p)
    assert to_numpy(t).tolist() == [1, 1, 7, 7]
    assert rand32(gen) == raw_after(42, 4)  # two doubles drawn, two draws each
    rand32(gen)  # the generator is usable: its lock was released


@pytest.mark.parametrize("R", TYPES)
def test_randperm_is_a_permutation_and_random_ranges(gen, R):
    t = empty(R, 1)
    typed(R, "randperm", None, P, P, L)(t, gen, 100)
    assert sorted(to_numpy(t).astype(np.int64).tolist()) == list(range(100))
    typed(R, "randperm", None, P, P, L)(t, gen, 300)  # TH's (real)i: Byte and Char wrap
    want = np.arange(300).astype(to_numpy(t).dtype)
    assert sorted(to_numpy(t).tolist()) == sorted(want.tolist())
    typed(R, "clampedRandom", None, P, P, L, L)(t, gen, -3, 4)
    if R != "Byte":
        assert set(to_numpy(t).tolist()) <= set(range(-3, 4))
    typed(R, "random", None, P, P)(t, gen)
    assert (to_numpy(t) >= 0).all()


@pytest.mark.parametrize("R", ["Float", "Double"])
def test_normal_checks_stddev_only_where_th_did(gen, R):
    normal = typed(R, "normal", None, P, P, D, D)
    with pytest.raises(RuntimeError, match="strictly positive"):
        normal(empty(R, 15), gen, 0.0, 0.0)  # one THRandom_normal per element
    # 16+ contiguous: TH's THVector_normal_fill, which never checked
    t = empty(R, 16)
    normal(t, gen, 3.0, 0.0)
    assert (to_numpy(t) == 3.0).all()
    with pytest.raises(RuntimeError, match="strictly positive"):
        normal(empty(R, 4, 8).t(), gen, 0.0, -1.0)  # not contiguous


@pytest.mark.parametrize("R", ["Float", "Double"])
def test_standard_gamma_refuses_alphas_th_looped_on(gen, R):
    t, a = empty(R, 3), th.tensor([1.0, 0.5, -1.0], dtype=DTYPES[R])
    with pytest.raises(RuntimeError, match="greater than -2/3"):
        typed(R, "standard_gamma", None, P, P, P)(t, gen, a)
    a = th.tensor([1e-30, 0.0, 2.0], dtype=DTYPES[R])
    typed(R, "standard_gamma", None, P, P, P)(t, gen, a)
    tiny = np.finfo(np.float32 if R == "Float" else np.float64).tiny
    assert to_numpy(t)[1] == tiny  # 0 becomes TH_REAL_MIN


@pytest.mark.parametrize("R", ["Float", "Double"])
def test_multinomial_errors(gen, R):
    m = typed(R, "multinomial", None, P, P, P, I, I)
    idx = th.empty(0, dtype=th.int64)
    probs = th.tensor([0.2, 0.3, 0.5], dtype=DTYPES[R])
    with pytest.raises(RuntimeError, match="n_sample <= 0"):
        m(idx, gen, probs, 0, 1)
    with pytest.raises(RuntimeError, match="without replacement"):
        m(idx, gen, probs, 4, 0)
    with pytest.raises(RuntimeError, match="1- or 2-dim"):
        m(idx, gen, empty(R, 2, 2, 2), 1, 1)
    with pytest.raises(RuntimeError, match="entry < 0"):
        m(idx, gen, th.tensor([0.2, -0.1], dtype=DTYPES[R]), 1, 1)
    with pytest.raises(RuntimeError, match="sum of probabilities <= 0"):
        m(idx, gen, th.tensor([0.0, 0.0], dtype=DTYPES[R]), 1, 1)
    with pytest.raises(TypeError, match="not a THLongTensor"):
        m(th.empty(0, dtype=th.int32), gen, probs, 1, 1)
    m(idx, gen, probs, 3, 0)
    assert sorted(to_numpy(idx).tolist()) == [0, 1, 2]
    rand32(gen)  # unlocked after every error


@pytest.mark.parametrize("R", ["Float", "Double"])
def test_alias_method_errors_and_distribution(gen, R):
    setup = typed(R, "multinomialAliasSetup", None, P, P, P)
    draw = typed(R, "multinomialAliasDraw", None, P, P, P, P)
    J, q = th.empty(0, dtype=th.int64), empty(R, 0)
    with pytest.raises(RuntimeError, match="q_min is less than 0"):
        setup(th.tensor([0.5, 0.0, 0.5], dtype=DTYPES[R]), J, q)
    with pytest.raises(RuntimeError, match="1-dim"):
        setup(empty(R, 2, 2), J, q)
    with pytest.raises(RuntimeError, match="empty"):
        setup(empty(R, 0), J, q)
    setup(th.tensor([0.25, 0.25, 0.5], dtype=DTYPES[R]), J, q)
    out = th.empty(4000, dtype=th.int64)
    draw(out, gen, J, q)
    # TH v0.4's draw: the column's own outcome when the bernoulli keeps it, else its
    # alias J minus one (TH's off-by-one, kept: the oracle's streams have it)
    vals = to_numpy(out)
    assert vals.min() >= -1 and vals.max() <= 2
    with pytest.raises(RuntimeError, match="same size"):
        draw(out, gen, J, empty(R, 2))
    bad_q = th.tensor([0.5, 2.0, 0.5], dtype=DTYPES[R])
    with pytest.raises(RuntimeError, match="must be >= 0 and <= 1"):
        draw(th.empty(1000, dtype=th.int64), gen, J, bad_q)
    rand32(gen)


def test_a_fill_is_one_run_of_the_stream_under_threads():
    import threading

    g = new_gen(11)
    n = 200_000
    outs = [th.empty(n, dtype=th.float64) for _ in range(2)]
    uniform = fn("THDoubleTensor_uniform", None, P, P, D, D)
    threads = [threading.Thread(target=uniform, args=(o, g, 0.0, 1.0)) for o in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    free_gen(g)
    g = new_gen(11)
    one = th.empty(2 * n, dtype=th.float64)
    uniform(one, g, 0.0, 1.0)
    free_gen(g)
    runs = {to_numpy(o).tobytes() for o in outs}
    assert runs == {to_numpy(one)[:n].tobytes(), to_numpy(one)[n:].tobytes()}


# ------------------------------------------------------- saved RNG state

get_state = fn("THByteTensor_getRNGState", None, P, P)
set_state = fn("THByteTensor_setRNGState", None, P, P)


def test_state_round_trip_carries_the_normal_cache():
    g = new_gen(5)
    normal = fn("THRandom_normal", D, P, D, D)
    normal(g, 0.0, 1.0)
    b = th.empty(0, dtype=th.uint8)
    get_state(g, b)
    want = [normal(g, 0.0, 1.0), rand32(g), normal(g, 0.0, 1.0)]
    h = new_gen(6)
    set_state(h, b)
    assert [normal(h, 0.0, 1.0), rand32(h), normal(h, 0.0, 1.0)] == want
    assert fn("THRandom_initialSeed", U64, P)(h) == 5
    free_gen(g)
    free_gen(h)


def test_set_state_refusals_leave_the_generator(gen):
    b = th.empty(0, dtype=th.uint8)
    get_state(gen, b)
    good = to_numpy(b).copy()

    def attempt(raw, match):
        t = th.from_numpy(np.ascontiguousarray(raw)) if isinstance(raw, np.ndarray) else raw
        with pytest.raises(RuntimeError, match=match):
            set_state(gen, t)

    attempt(good[:-1], "wrong size")
    attempt(th.empty(2 * STATE_SIZE, dtype=th.uint8)[::2], "contiguous")
    bad = good.copy()
    bad[12:16] = np.frombuffer(struct.pack("<i", 0), np.uint8)  # seeded = 0
    attempt(bad, "Invalid RNG state")
    bad = good.copy()
    bad[8:12] = np.frombuffer(struct.pack("<i", 624), np.uint8)  # left 624 with next 624:
    bad[16:24] = np.frombuffer(struct.pack("<Q", 624), np.uint8)  # TH read past its array
    attempt(bad, "Invalid RNG state")
    bad = good.copy()
    bad[24 + 8 * 3 + 4] = 1  # a state word over 32 bits
    attempt(bad, "Invalid RNG state")
    with pytest.raises(TypeError, match="not a THByteTensor"):
        set_state(gen, th.empty(STATE_SIZE, dtype=th.int8))
    assert rand32(gen) == raw_after(42, 0)


# ------------------------------------------------------------------ C

def test_c_program_against_the_headers(tmp_path):
    exe = build_c_program("test_legacy_random.c", tmp_path / "test_legacy_random",
                          "-Werror=implicit-function-declaration",
                          "-Werror=incompatible-pointer-types", "-Werror=int-conversion")
    import subprocess

    from helpers import th_on_path
    out = subprocess.run([str(exe)], capture_output=True, text=True, env=th_on_path())
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.split() == ["1608637542", "ok"]
