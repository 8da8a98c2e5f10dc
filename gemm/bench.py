"""Benchmark a cute-inspect GEMM against cuBLAS (torch.matmul) on the same inputs, in the same process.

For every shape and dtype: fresh torch.randn operands, the output poisoned with NaN before each of two runs
checked by relative Frobenius error against an fp32 reference, then the card brought to its steady
(power-capped) clock, then the kernel and cuBLAS timed in six rounds of rotating order (median of
`triton.testing.do_bench` each; the ratio uses the median over rounds). Prints a markdown table, the ratio cuBLAS_ms / kernel_ms per
problem (above 1: faster than cuBLAS) and its geometric mean.

Kernels are looked up by module: `--kernel sm90` imports `gemm.sm90`; any module with
`make_gemm(a, b, d, *, c=None, alpha=1.0, beta=0.0, epilogue=None, config=None) -> launcher` works.
A module that also defines `candidate_configs` is autotuned (config="auto") unless --no-tune.

Run
    python -m gemm.bench --kernel sm90 --dtype fp16,bf16
    python -m gemm.bench --kernel sm90 --shapes llm                 # the 24 LLM projection shapes
    python -m gemm.bench --kernel sm90 --shapes llm27               # 22 LLM problems, batched and ragged too
    python -m gemm.bench --kernel sm90 --shapes llm27-check         # 10 more, not in llm27 (a generality check)
    python -m gemm.bench --kernel sm90 --shapes midm                # 12 mid-size M (96..768) problems
    python -m gemm.bench --kernel sm90 --shapes llm31               # 14 LLM problems held out (eleventh session)
    python -m gemm.bench --kernel sm90 --shapes llm32               # 14 LLM problems held out (twelfth session)
    python -m gemm.bench --kernel sm90 --shapes llm33               # 17 LLM problems held out (thirteenth session)
    python -m gemm.bench --kernel sm90 --shapes llm34               # 19 LLM problems held out (fourteenth session)
    python -m gemm.bench --kernel sm90 --shapes llm35               # 22 LLM problems held out (fifteenth session)
    python -m gemm.bench --kernel sm90 --shapes llm36               # 25 LLM problems held out (twenty-second session)
    python -m gemm.bench --kernel sm90 --shapes llm37               # 26 LLM problems held out (twenty-third session)
    python -m gemm.bench --kernel sm90 --shapes llm38               # 26 LLM problems held out (twenty-fourth session)
    python -m gemm.bench --kernel sm90 --shapes llm39               # 22 LLM problems held out (thirty-second session)
    python -m gemm.bench --kernel sm90 --shapes llm40               # 24 LLM problems held out (thirty-third session)
    python -m gemm.bench --kernel sm90 --shapes llm41               # 24 LLM problems held out (thirty-fourth session)
    python -m gemm.bench --kernel sm90 --shapes llm42               # 24 LLM problems held out (thirty-fifth session)
    python -m gemm.bench --kernel sm90 --shapes 4096x4096x4096,8192x8192x8192 --json out.json
    python -m gemm.bench --kernel sm90 --shapes 512x512x65536 --configs "H;128x128 c2x1 sw1m split8 p16"

`--configs` is an A/B: each named config (and cuBLAS) on the same tensors in the same rounds, one row each.
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import sys
import time

from gemm._common import missing_cuda

KERNELS = {"sm100": "gemm.sm100", "sm90": "gemm.sm90", "sm80": "gemm.sm80"}
DEFAULT_SHAPES = (
    "4096x4096x4096,8192x8192x8192,8192x28672x8192,8192x8192x28672,1024x8192x8192,4000x4096x4096"
)
# LLM projection shapes: token counts M from decode batches to long prefills, against the weights
# (N, K) of Llama-class models (7B/8B: 4096x4096 attention, 6144x4096 fused QKV with grouped KV heads,
# 14336x4096 and 4096x14336 MLP up/down; 70B: 28672x8192 fused gate+up, 8192x28672 down). Each M meets
# three of the six weights, each weight four Ms (24 shapes).
_LLM_WEIGHTS = ((4096, 4096), (6144, 4096), (14336, 4096), (4096, 14336), (28672, 8192), (8192, 28672))
LLM_SHAPES = ",".join(
    f"{m}x{n}x{k}"
    for i, m in enumerate((64, 128, 256, 512, 1024, 2048, 4096, 8192))
    for n, k in _LLM_WEIGHTS[(i % 2)::2]
)
# The issue-27 set: the weak spots it names (small-MN large-K, batched, the many-wave MLP shapes),
# ragged and odd M, decode-sized M, attention's batched QK^T (K = head dim 128) and PV (N = 128), and
# Llama-7B (11008) and 70B (28672) weights. 22 problems.
LLM27_SHAPES = (
    "256x256x8192,512x512x16384,128x1024x8192,"
    "1024x1024x1024x8,512x4096x4096x4,2048x2048x128x32,2048x128x2048x32,"
    "2048x4096x14336,2048x14336x4096,2048x8192x8192,"
    "4096x4096x4096,4096x11008x4096,4096x4096x11008,8192x8192x8192,6144x6144x6144,"
    "1000x4096x4096,3000x14336x4096,77x4096x4096,200x6144x4096,32x4096x14336,"
    "1024x28672x8192,512x4096x14336"
)
# A check of the heuristic's generality, none of them in llm27, chosen before any was measured: decode
# (M = 16), ragged skinny and small M against 13B-class weights (5120, 13824), M of 320, 384, 640 and
# 2500 rows, small-MN long K, batched, attention with head dim 64 and a many-wave prefill. 10 problems.
# Four heuristic rules of the eighth session came from what five of them showed (docs/sm90.md): they are
# a check, no longer held out.
LLM27_CHECK_SHAPES = (
    "16x8192x8192,96x5120x13824,320x5120x5120,768x13824x5120,2500x5120x13824,"
    "384x384x12288,1024x2048x4096x4,2048x2048x64x16,12288x4096x4096,640x1280x20480"
)
# Mid-size M (96..768 tokens) against real weights none of the tenth session's sweeps timed, chosen before
# any was measured: Qwen2.5-7B (hidden 3584, QKV 4608, MLP 18944), Llama-2-7B (11008), Llama-3-8B
# (14336), Llama-2-13B (5120, 13824) and Llama-70B (8192, QKV 10240). 12 problems.
MIDM_SHAPES = (
    "96x4608x3584,136x4096x11008,208x3584x18944,240x14336x4096,304x5120x5120,352x4096x4096,"
    "416x10240x8192,448x4096x14336,544x4096x4096,608x8192x8192,672x3584x3584,736x5120x13824"
)
# Held out by the eleventh session, chosen before any was measured and none tuned on: Phi-3-mini (hidden
# 3072, QKV 9216, fused gate+up 16384, down 8192), Qwen2-72B (8192, MLP 29568), Qwen2.5-14B (QKV 7168 of
# 5120), Yi-34B (7168, MLP 20480), Gemma-7B (3072, MLP 24576), Llama-3-70B (QKV 10240), decode, a prefill
# and batched experts. 14 problems.
LLM31_SHAPES = (
    "232x9216x3072,480x16384x3072,1536x3072x8192,352x29568x8192,656x8192x29568,168x7168x5120,"
    "592x20480x7168,2560x7168x20480,96x24576x3072,3072x4096x4096,448x10240x8192,768x3072x24576,"
    "24x14336x4096,384x2048x7168x8"
)
# Held out by the twelfth session, chosen and committed before any was measured, none tuned on: grouped
# experts (DeepSeek-V3 gate+up 4096 of 7168 and down 7168 of 2048, Mixtral-8x7B 14336 of 4096,
# Qwen1.5-MoE gate+up 2816 of 2048), mid-size M against wide weights (Qwen2.5-32B MLP 27648 and QKV 7168
# of 5120, Phi-3-medium gate+up 35840 of 5120, Mistral-Nemo-12B 14336 of 5120, Gemma-2-9B QKV 8192 of
# 3584), small MN with a long K (Llama-3.2-1B down 2048 of 8192, Llama-3.2-3B down 3072 of 8192,
# Qwen2.5-1.5B down 1536 of 8960) and two prefills. 14 problems.
LLM32_SHAPES = (
    "256x4096x7168x8,512x7168x2048x4,352x14336x4096x8,768x2816x2048x8,"
    "400x27648x5120,320x35840x5120,464x14336x5120,560x8192x3584,1280x7168x5120,"
    "64x2048x8192,128x3072x8192,256x1536x8960,2048x5120x27648,4096x8192x3584"
)
# Held out by the thirteenth session, chosen and committed before any was measured, none tuned on: grouped
# experts (Qwen3-30B-A3B gate+up 1536 of 2048, Qwen3-235B-A22B gate+up 3072 of 4096, Llama-4-Scout gate+up
# 16384 of 5120, Mixtral-8x22B down 6144 of 16384), mid-size and odd M against wide weights (Qwen3-32B QKV
# 10240 and gate+up 51200 of 5120, Qwen3-14B down 5120 of 17408, Gemma-2-27B gate+up 73728 of 4608,
# DeepSeek-V3 MLA q_b 24576 of 1536, Mistral-Small-24B QKV 6144 of 5120, Gemma-3-27B QKV 8192 of 5376),
# small MN with a long K (DeepSeek-V3 fused q_a+kv_a 2112 of 7168; the weight gradients of Qwen3-0.6B's
# k_proj, 1024x1024, and Qwen3-30B-A3B's router, 128x2048, over 16384 tokens), a decode (Qwen3-32B o_proj)
# and two prefills (DeepSeek-V3 dense down 7168 of 18432, Qwen3-8B gate+up 24576 of 4096). 17 problems.
LLM33_SHAPES = (
    "512x1536x2048x8,384x3072x4096x8,320x16384x5120x4,448x6144x16384x4,"
    "496x10240x5120,272x51200x5120,592x5120x17408,216x73728x4608,712x24576x1536,328x6144x5120,424x8192x5376,"
    "256x2112x7168,1024x1024x16384,128x2048x16384,48x5120x8192,1024x7168x18432,2048x24576x4096"
)
# Held out by the fourteenth session, chosen and committed before any was measured, none tuned on: grouped
# experts (Phi-3.5-MoE gate+up 12800 of 4096, Qwen2-57B-A14B gate+up 5120 of 3584, DBRX down 6144 of 10752,
# OLMoE gate+up 2048 of 2048), mid-size and odd M against wide weights or long K (Phi-4 QKV 7680, gate+up
# 35840 of 5120 and down 5120 of 17920; Gemma-3-12B gate+up 30720 and QKV 8192 of 3840; Mistral-Large-2 QKV
# 14336 of 12288; Command-R gate+up 45056 and QKV 24576 of 8192; GLM-4-9B gate+up 27392 of 4096 and down
# 4096 of 13696), small MN with a long K (Gemma-3-4B down 2560 of 10240 at 128 tokens; the weight gradient
# of GLM-4-9B's k+v projection, 256x4096, over 16384 tokens), a decode (Mistral-Large-2 down 12288 of
# 28672) and two prefills (Gemma-3-12B o_proj 3840 of 4096; Qwen2.5-VL's vision QKV 3840 of 1280). 19 problems.
LLM34_SHAPES = (
    "448x12800x4096x8,288x5120x3584x8,360x6144x10752x4,640x2048x2048x16,"
    "536x7680x5120,232x35840x5120,616x5120x17920,376x30720x3840,856x8192x3840,200x14336x12288,"
    "312x45056x8192,728x24576x8192,504x27392x4096,264x4096x13696,"
    "128x2560x10240,256x4096x16384,64x12288x28672,3072x3840x4096,4096x3840x1280"
)
# Held out by the fifteenth session, chosen and committed before any was measured, none tuned on: mid-size and
# odd M against wide weights or a long K (Llama-3.1-405B QKV 18432 and down 16384 of 53248; Falcon-40B fused
# QKV 9216 and MLP 32768 of 8192; InternLM2.5-20B gate+up 32768 of 6144 and down 6144 of 16384; Baichuan2-13B
# QKV 15360 of 5120; StarCoder2-15B c_fc 24576 of 6144, c_proj 6144 of 24576 and QKV 7168 of 6144;
# Granite-3.0-8B gate+up 25600 of 4096; Yi-1.5-9B gate+up 22016 of 4096; Nemotron-4-15B QKV 8192 of 6144;
# Gemma-2-2B gate+up 18432 of 2304; Qwen3-4B gate+up 19456 of 2560), grouped experts (GPT-OSS-120B gate+up
# 5760 of 2880 at 384 tokens x 8, Mixtral-8x22B gate+up 32768 of 6144 at 256 x 4, Qwen3-Coder-480B down
# 6144 of 2560 at 200 x 8), small M with a long K (Llama-3.1-405B QKV decode at 32 tokens, Baichuan2-13B
# down 5120 of 13696 at 96) and two prefills (InternLM2.5-20B QKV 8192 of 6144; Gemma-2-2B down 2304 of
# 9216). 22 problems.
LLM35_SHAPES = (
    "384x5760x2880x8,256x32768x6144x4,200x6144x2560x8,"
    "344x18432x16384,248x16384x53248,456x9216x8192,584x32768x8192,280x32768x6144,440x6144x16384,"
    "520x15360x5120,232x24576x6144,664x6144x24576,760x7168x6144,368x25600x4096,600x22016x4096,"
    "312x8192x6144,696x18432x2304,472x19456x2560,"
    "32x18432x16384,96x5120x13696,3072x8192x6144,4096x2304x9216"
)
# Held out by the twenty-second session, chosen and committed before any was measured, none tuned on: grouped
# experts (DeepSeek-V2-Lite down 2048 of 1408 at 320 tokens x 16, Mixtral-8x7B down 4096 of 14336 at 224 x 8,
# GPT-OSS-20B down 2880 of 2880 at 448 x 4, Qwen3-30B-A3B down 2048 of 768 at 512 x 8), mid-size and odd M against
# wide weights or a long K (Falcon-7B fused QKV 4672, MLP 18176 of 4544 and down 4544 of 18176; Mistral-Small-24B
# gate+up 65536 of 5120 and down 5120 of 32768; Gemma-2-9B gate+up 28672 of 3584; GPT-OSS-20B QKV 5120 of 2880;
# Qwen2.5-3B gate+up 22016 of 2048; Qwen2.5-32B down 5120 of 27648; Yi-34B QKV 9216 of 7168; Command-R+ down 12288
# of 33792 at 120 tokens), small M (DeepSeek-V2 gate+up 24576 of 5120 at 56 tokens, Llama-3.1-405B o_proj 16384 of
# 16384 at 40), small MN with a long K (weight gradients: Gemma-3-1B k_proj 256x1152 over 32768 tokens,
# DeepSeek-V2's router 160x5120 over 16384, Llama-3-8B k+v 1024x4096 over 32768), prefills (Gemma-2-9B down 3584
# of 14336 at 1200 tokens, Llama-3.2-3B QKV 5120 of 3072 at 1536 and gate+up 16384 of 3072 at 3584, OLMo-2-13B
# o_proj at 6144) and attention's PV at head dim 128 (1536 keys, 24 heads). 25 problems.
LLM36_SHAPES = (
    "320x2048x1408x16,224x4096x14336x8,448x2880x2880x4,512x2048x768x8,"
    "392x4672x4544,536x18176x4544,712x4544x18176,264x65536x5120,440x5120x32768,488x28672x3584,640x5120x2880,"
    "808x22016x2048,296x5120x27648,1112x9216x7168,120x12288x33792,"
    "56x24576x5120,40x16384x16384,256x1152x32768,160x5120x16384,1024x4096x32768,"
    "1200x3584x14336,1536x5120x3072,3584x16384x3072,6144x5120x5120,1536x128x1536x24"
)
# Held out by the twenty-third session, chosen and committed before any was measured, none tuned on, probing the
# classes that lost before: mid-size M (100..1000) against wide weights (Llama-3.1-8B gate+up 28672 of 4096, Qwen2.5-7B
# gate+up 37888 of 3584, Qwen2.5-14B gate+up 27648 of 5120, Qwen3-32B gate+up 51200 of 5120, Llama-3-8B QKV 6144 of
# 4096, Phi-4 QKV 7680 of 5120, DeepSeek-V3 MLA kv_b 32768 of 512, Llama-3-70B QKV 10240 and gate+up 57344 of 8192,
# GLM-4-9B gate+up 27392 of 4096), small MN with a long K (weight gradients: Llama-3.2-1B k+v 512x2048 over 16384
# tokens, DeepSeek-V3's router 256x7168 over 16384, Qwen3-235B's router 128x4096 over 32768, a 768x768 projection over
# 32768, a rank-64 LoRA A 64x5120 over 16384), batched small problems (Qwen3-30B-A3B gate+up 1536 of 2048 at 192 tokens
# x 16, OLMoE down 2048 of 1024 at 256 x 16, DeepSeek-V3 experts gate+up 4096 of 7168 at 96 x 32, Mixtral-8x7B gate
# 14336 of 4096 at 160 x 8, attention's QK^T at 768 tokens and head dim 128 x 32, PV at head dim 64, 2048 keys x 16)
# and ragged prefills (Llama-3-8B down at 1777 tokens and QKV at 3001, Llama-2-7B up at 1333, Gemma-3-4B down 2560 of
# 10240 at 2555, Llama-2-13B down 5120 of 13824 at 5000). 26 problems.
LLM37_SHAPES = (
    "344x28672x4096,472x37888x3584,616x27648x5120,136x51200x5120,904x6144x4096,744x7680x5120,576x32768x512,"
    "968x10240x8192,232x27392x4096,424x57344x8192,"
    "512x2048x16384,256x7168x16384,128x4096x32768,768x768x32768,64x5120x16384,"
    "192x1536x2048x16,256x2048x1024x16,96x4096x7168x32,160x14336x4096x8,768x768x128x32,2048x64x2048x16,"
    "1777x4096x14336,3001x6144x4096,1333x11008x4096,2555x2560x10240,5000x5120x13824"
)
# Held out by the twenty-fourth session, chosen and committed before any was measured, none tuned on, probing the
# classes that lost before: mid-size M (100..1000) against wide weights (Llama-3.2-3B gate+up 16384 of 3072, Qwen2.5-72B
# gate+up 59136 of 8192, Mistral-7B gate+up 28672 of 4096, Phi-3-medium QKV 7680 of 5120, Llama-3.1-70B o_proj 8192 of
# 8192, Qwen3-14B gate+up 34816 of 5120, Yi-34B gate+up 40960 of 7168, Mixtral-8x22B QKV 8192 of 6144), small MN with a
# long K (weight gradients: Qwen2.5-0.5B q_proj 896x896 over 32768 tokens, SmolLM-360M q_proj 960x960 over 16384,
# Gemma-3-1B q_proj 1024x1152 over 32768, Qwen2-57B's router 64x3584 over 16384, a 512x512 projection over 65536; a
# Gemma-2-27B down 4608 of 36864 at 184 tokens), batched small problems (Qwen3-30B-A3B down 2048 of 768 at 96 tokens x
# 32, DeepSeek-V2-Lite gate+up 2816 of 2048 at 144 x 16, GPT-OSS-120B down 2880 of 2880 at 208 x 16, Mixtral-8x22B down
# 6144 of 16384 at 120 x 8, DeepSeek-V3 down 7168 of 2048 at 48 x 64, attention's QK^T at 1024 tokens and head dim 64 x
# 48, PV at head dim 128, 4096 keys, 512 queries x 16) and ragged prefills (Llama-3-8B o_proj at 1459 tokens, gate at
# 2221 and down at 3333, Qwen2.5-7B gate+up 18944 of 3584 at 1021, Llama-2-7B up 11008 at 2777). 26 problems.
LLM38_SHAPES = (
    "408x16384x3072,328x59136x8192,872x28672x4096,696x7680x5120,936x8192x8192,264x34816x5120,152x40960x7168,"
    "616x8192x6144,"
    "896x896x32768,960x960x16384,1024x1152x32768,64x3584x16384,512x512x65536,184x4608x36864,"
    "96x2048x768x32,144x2816x2048x16,208x2880x2880x16,120x6144x16384x8,48x7168x2048x64,1024x1024x64x48,"
    "512x128x4096x16,"
    "1459x4096x4096,2221x14336x4096,3333x4096x14336,1021x18944x3584,2777x11008x4096"
)
# Held out by the thirty-second session, chosen and committed before any was measured, none tuned on, from models in
# no earlier set: ragged and mid-size M against projections (Mistral-Nemo-12B QKV 6144 of 5120 at 2345 tokens and down
# 5120 of 14336 at 920, Gemma-3-12B down 3840 of 15360 at 1901 and gate+up 30720 of 3840 at 176, Phi-3-mini gate+up
# 16384 of 3072 at 777, InternLM2-20B gate+up 32768 of 6144 at 333, Qwen2.5-1.5B down 1536 of 8960 at 4097,
# Granite-3-8B gate+up 25600 of 4096 at 1250, Falcon-40B QKV 9216 of 8192 at 600, Mistral-Large-2 QKV 14336 of 12288
# at 256 and down 12288 of 28672 at 512, Gemma-2-2B gate+up 18432 of 2304 at 8192 and down 2304 of 9216 at 3000,
# StarCoder2-15B c_fc 24576 of 6144 at 1600), small MN with a long K (weight gradients: Qwen2.5-1.5B k+v 512x1536 over
# 32768 tokens, Gemma-2-2B k+v 1024x2304 over 16384), batched (Llama-4-Scout experts gate+up 16384 of 5120 at 128
# tokens x 16, DBRX down 6144 of 10752 at 200 x 16, Qwen1.5-MoE-A2.7B gate+up 2816 of 2048 at 64 x 60, Phi-3.5-MoE
# down 4096 of 6400 at 300 x 16, attention's QK^T at 2048 tokens and head dim 128 x 40, PV at head dim 256, 1024
# keys x 16). 22 problems.
LLM39_SHAPES = (
    "2345x6144x5120,920x5120x14336,1901x3840x15360,176x30720x3840,777x16384x3072,333x32768x6144,4097x1536x8960,"
    "1250x25600x4096,600x9216x8192,256x14336x12288,512x12288x28672,8192x18432x2304,1600x24576x6144,3000x2304x9216,"
    "512x1536x32768,1024x2304x16384,"
    "128x16384x5120x16,200x6144x10752x16,64x2816x2048x60,300x4096x6400x16,2048x2048x128x40,1024x256x1024x16"
)
# Held out by the thirty-third session, chosen and committed before any was measured, none tuned on, from models in
# no earlier set: ragged and mid-size M against projections (Llama-3.2-1B gate+up 16384 of 2048 at 1111 tokens,
# Baichuan2-13B down 5120 of 13696 at 1500 and QKV 15360 of 5120 at 96, ChatGLM3-6B QKV 4608 of 4096 at 2600, Gemma-7B
# gate+up 49152 of 3072 at 410, Llama-2-70B down 8192 of 28672 at 700 and o_proj 8192 of 8192 at 6000, Qwen3-8B
# gate+up 24576 of 4096 at 1900, DeepSeek-Coder-33B down 7168 of 19200 at 360, Nemotron-4-15B up 24576 of 6144 at 850,
# OPT-30B fc1 28672 of 7168 at 230, GPT-J-6B fc_in 16384 of 4096 at 3700, BLOOM-7B1 QKV 12288 of 4096 at 1234,
# Qwen2.5-3B down 2048 of 11008 at 5555), small MN with a long K (weight gradients: Llama-3.2-3B k+v 1024x3072 over
# 16384 tokens, DeepSeek-V2-Lite's router 64x2048 over 32768, SmolLM2-135M q_proj 576x576 over 32768), batched
# (Qwen3-235B-A22B experts gate+up 3072 of 4096 and down 4096 of 1536 at 80 tokens x 128, DeepSeek-V2 experts gate+up
# 3072 of 5120 at 112 x 64; attention's QK^T at head dim 128, 1024 tokens x 64 heads, and at head dim 64, 2048 tokens
# x 32; PV at head dim 128, 3072 keys x 24 and at head dim 256, 512 keys x 32). 24 problems.
LLM40_SHAPES = (
    "1111x16384x2048,1500x5120x13696,96x15360x5120,2600x4608x4096,410x49152x3072,700x8192x28672,6000x8192x8192,"
    "1900x24576x4096,360x7168x19200,850x24576x6144,230x28672x7168,3700x16384x4096,1234x12288x4096,5555x2048x11008,"
    "1024x3072x16384,64x2048x32768,576x576x32768,"
    "80x3072x4096x128,80x4096x1536x128,112x3072x5120x64,1024x1024x128x64,2048x2048x64x32,3072x128x3072x24,"
    "512x256x512x32"
)
# Held out by the thirty-fourth session, chosen and committed before any was measured, none tuned on, from models in
# no earlier set: ragged and mid-size M against projections (Whisper-large-v3 encoder fc1 5120 of 1280 and fc2 1280 of
# 5120 at 1500 frames, SigLIP-so400m fc1 4304 of 1152 at 16 x 729 patches, DeepSeek-LLM-67B gate+up 44032 of 8192 at
# 384 tokens and down 8192 of 22016 at 1800, Falcon-180B QKV 15872 of 14848 at 136 and down 14848 of 59392 at 640,
# Flan-T5-XXL gated wi 20480 of 4096 at 2222 and wo 4096 of 10240 at 976, MiniCPM-2B gate+up 11520 of 2304 at 3210,
# StableLM-3B gate+up 13824 of 2560 at 520 and down 2560 of 6912 at 1088, Qwen3-1.7B gate+up 12288 of 2048 at 4444,
# Grok-1 gate+up 65536 of 6144 at 200), small MN with a long K (weight gradients: ERNIE-4.5-21B-A3B's router 64x2560
# over 32768 tokens, Whisper-large-v3 q_proj 1280x1280 over 16 x 1500 frames, SigLIP-so400m q_proj 1152x1152 over
# 16 x 729 patches), batched (Flan-T5-XXL QK^T at head dim 64, 512 tokens x 64 heads, and PV; GLM-4.5-Air experts
# gate+up 2816 of 4096 and down 4096 of 1408 at 96 tokens x 128; ERNIE-4.5-21B-A3B experts gate+up 3072 of 2560 at
# 160 x 64; Snowflake-Arctic experts gate+up 9728 of 7168 at 96 x 16; Qwen3-Next-80B-A3B experts gate+up 1024 of 2048
# at 64 x 256). 24 problems.
LLM41_SHAPES = (
    "1500x5120x1280,1500x1280x5120,11664x4304x1152,384x44032x8192,1800x8192x22016,136x15872x14848,640x14848x59392,"
    "2222x20480x4096,976x4096x10240,3210x11520x2304,520x13824x2560,1088x2560x6912,4444x12288x2048,200x65536x6144,"
    "64x2560x32768,1280x1280x24000,1152x1152x11664,"
    "512x512x64x64,512x64x512x64,96x2816x4096x128,96x4096x1408x128,160x3072x2560x64,96x9728x7168x16,64x1024x2048x256"
)
# Held out by the thirty-fifth session, chosen and committed before any was measured, none tuned on, from models in
# no earlier set: ragged and mid-size M against projections (GPT-NeoX-20B QKV 18432 of 6144 at 1700 tokens and
# fc_out 6144 of 24576 at 450, CodeLlama-34B QKV 10240 of 8192 at 2900, Aya-23-35B gate+up 45056 of 8192 at 512 and
# down 8192 of 22528 at 1337, InternViT-6B fc1 12800 of 3200 at 8 x 1025 patches and fc2 3200 of 12800 at 2050,
# Pixtral-12B's vision gate+up 8192 of 1024 at 4096 patches, EXAONE-3.5-7.8B gate+up 28672 of 4096 at 3456,
# Hunyuan-Large's shared expert gate+up 36608 of 6400 at 150 and down 6400 of 18304 at 2400, Persimmon-8B fc 16384 of
# 4096 at 5000, StarCoder2-3B QKV 3584 of 3072 at 8888, Solar-10.7B down 4096 of 14336 at 620, Minitron-8B up 16384 of
# 4096 at 256, MPT-30B QKV 21504 of 7168 at 1024 and down 7168 of 28672 at 96), small MN with a long K (weight
# gradients: StarCoder2-3B k+v 512x3072 over 32768 tokens, Pixtral-12B's vision q_proj 1024x1024 over 16384 patches,
# Solar-10.7B k_proj 1024x4096 over 20000 tokens), batched (Jamba experts gate+up 28672 of 4096 and down 4096 of 14336
# at 128 tokens x 16; GPT-NeoX-20B QK^T at head dim 96, 2048 tokens x 64 heads; PV at head dim 128, 4096 keys x 64).
# 24 problems.
LLM42_SHAPES = (
    "1700x18432x6144,450x6144x24576,2900x10240x8192,512x45056x8192,1337x8192x22528,8200x12800x3200,2050x3200x12800,"
    "4096x8192x1024,3456x28672x4096,150x36608x6400,2400x6400x18304,5000x16384x4096,8888x3584x3072,620x4096x14336,"
    "256x16384x4096,1024x21504x7168,96x7168x28672,"
    "512x3072x32768,1024x1024x16384,1024x4096x20000,"
    "128x28672x4096x16,128x4096x14336x16,2048x2048x96x64,1024x128x4096x64"
)
SHAPE_SETS = {"default": DEFAULT_SHAPES, "llm": LLM_SHAPES, "llm27": LLM27_SHAPES, "llm27-check": LLM27_CHECK_SHAPES,
              "midm": MIDM_SHAPES, "llm31": LLM31_SHAPES, "llm32": LLM32_SHAPES, "llm33": LLM33_SHAPES,
              "llm34": LLM34_SHAPES, "llm35": LLM35_SHAPES,
              "llm36": LLM36_SHAPES, "llm37": LLM37_SHAPES, "llm38": LLM38_SHAPES,
              "llm39": LLM39_SHAPES, "llm40": LLM40_SHAPES, "llm41": LLM41_SHAPES,
              "llm42": LLM42_SHAPES}
TOLERANCE = 1e-2
ROUNDS = 6
PREHEAT_S = 0.5


def parse_shapes(text: str) -> list:
    """'MxNxK[xL],...' or a named set ('default', 'llm') -> [(M, N, K, L), ...]."""
    text = SHAPE_SETS.get(text.strip(), text)
    shapes = []
    for item in text.split(","):
        parts = item.strip().lower().split("x")
        try:
            dims = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"shape must be MxNxK or MxNxKxL, got {item!r}") from None
        if len(dims) not in (3, 4) or min(dims) < 1:
            raise ValueError(f"shape must be MxNxK or MxNxKxL with positive extents, got {item!r}")
        shapes.append(tuple(dims) + ((1,) if len(dims) == 3 else ()))
    return shapes


def load_kernel(name: str):
    if name not in KERNELS:
        raise ValueError(f"--kernel must be one of {sorted(KERNELS)}, got {name!r}")
    try:
        return importlib.import_module(KERNELS[name])
    except ModuleNotFoundError as e:
        if e.name == KERNELS[name]:
            raise ValueError(f"kernel module {KERNELS[name]} does not exist yet") from None
        raise


def bench_one(module, mnkl, dtype_name, *, tune: bool, rep_ms: int, configs=None) -> list:
    """Time cuBLAS and the kernel on one problem's tensors: one row per config in `configs` (labels or
    "H" for the heuristic's pick; None: the tuned pick with `tune`, else the heuristic's), each row's
    ratio against the cuBLAS times of the same rounds. Every config runs twice on a NaN-poisoned output
    first (the larger error is kept), so that an unwritten tile or a counter left non-zero shows."""
    import torch
    import triton.testing

    from gemm._common import reference, rel_frobenius_error, tflops, torch_dtype

    m, n, k, l = mnkl
    dt = torch_dtype(dtype_name)
    shape = lambda *s: s if l > 1 else s[1:]  # noqa: E731
    a = torch.randn(*shape(l, m, k), device="cuda", dtype=dt)
    b = torch.randn(*shape(l, n, k), device="cuda", dtype=dt)
    d = torch.empty(shape(l, m, n), device="cuda", dtype=dt)
    d_ref = torch.empty_like(d)
    if configs is None:
        configs = ["auto" if tune and hasattr(module, "candidate_configs") else None]
    runs, errors = [], []
    for config in configs:
        run = module.make_gemm(a, b, d, config=None if config == "H" else config)
        err = 0.0
        for _ in range(2):
            d.fill_(float("nan"))
            run()
            torch.cuda.synchronize()
            err = max(err, rel_frobenius_error(d, reference(a, b)))
        runs.append(run)
        errors.append(err)

    def cublas():
        torch.matmul(a, b.mT, out=d_ref)

    # The card runs at its power cap on these sizes and clocks down within a second of load. Bring it to
    # that steady state first, then rotate who goes first so that drift costs every side alike.
    end = time.perf_counter() + PREHEAT_S
    while time.perf_counter() < end:
        cublas()
        torch.cuda.synchronize()
    sides = [("cublas", cublas)] + list(enumerate(runs))
    times = {name: [] for name, _ in sides}
    for r in range(ROUNDS):
        shift = r % len(sides)
        for name, fn in sides[shift:] + sides[:shift]:
            times[name].append(triton.testing.do_bench(fn, warmup=25, rep=rep_ms, return_mode="median"))
    ms_ref = statistics.median(times["cublas"])
    rows = []
    for i, run in enumerate(runs):
        ms = statistics.median(times[i])
        cfg = getattr(run, "config", None)
        rows.append({
            "mnkl": list(mnkl),
            "dtype": dtype_name,
            "config": cfg.label() if hasattr(cfg, "label") else str(cfg),
            "rel_err": errors[i],
            "ms": times[i],
            "cublas_ms": times["cublas"],
            "tflops": tflops(m, n, k, l, ms),
            "cublas_tflops": tflops(m, n, k, l, ms_ref),
            "ratio": ms_ref / ms,
        })
    return rows


def geomean(values) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def format_table(rows) -> str:
    lines = [
        "| M x N x K x L | dtype | config | rel err | ms (median of rounds) | TFLOP/s | cuBLAS ms (median of rounds) | cuBLAS TFLOP/s | ratio |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            "| {} | {} | {} | {:.1e} | {} | {:.0f} | {} | {:.0f} | {:.3f}x |".format(
                "x".join(map(str, r["mnkl"])), r["dtype"], r["config"], r["rel_err"],
                f"{statistics.median(r['ms']):.3f}", r["tflops"],
                f"{statistics.median(r['cublas_ms']):.3f}", r["cublas_tflops"], r["ratio"],
            )
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m gemm.bench", description=__doc__.splitlines()[0])
    p.add_argument("--kernel", default="sm90", help=f"one of {sorted(KERNELS)} (default sm90)")
    p.add_argument("--dtype", default="fp16,bf16", help="comma-separated: fp16, bf16")
    p.add_argument("--shapes", default="default",
                   help="comma-separated MxNxK[xL], or a named set: default (six shapes), llm (24 LLM shapes), "
                        "llm27 (22 LLM problems: batched, ragged, small-MN large-K), "
                        "llm27-check (10 more problems, none in llm27), midm (12 mid-size M problems), "
                        "llm31 (14 held-out LLM problems), llm32 (14 more, held out), llm33 (17 more, held out), "
                        "llm34 (19 more, held out), llm35 (22 more, held out), llm36 (25 more, held out), "
                        "llm37 (26 more, held out), llm38 (26 more, held out), llm39 (22 more, held out), "
                        "llm40 (24 more, held out), llm41 (24 more, held out), llm42 (24 more, held out)")
    p.add_argument("--no-tune", action="store_true", help="use the cached or heuristic config, time no candidates")
    p.add_argument("--rep-ms", type=int, default=100, help="do_bench repetition time per measurement")
    p.add_argument("--configs", default=None,
                   help="an A/B: ';'-separated config labels as the kernel writes them (e.g. '128x256 c2x1 sw1m "
                        "split16 p16;H', H: the heuristic's pick), each timed against cuBLAS on the same tensors "
                        "in the same rounds (implies no tuning)")
    p.add_argument("--json", default=None, help="also write the rows to this file")
    args = p.parse_args(argv)
    try:
        shapes = parse_shapes(args.shapes)
        dtypes = [s.strip() for s in args.dtype.split(",")]
        for dt in dtypes:
            if dt not in ("fp16", "bf16"):
                raise ValueError(f"--dtype entries must be fp16 or bf16, got {dt!r}")
        module = load_kernel(args.kernel)
        configs = None if args.configs is None else [c.strip() for c in args.configs.split(";") if c.strip()]
        if configs is not None and hasattr(module, "parse_config"):
            for label in configs:
                if label != "H":
                    module.parse_config(label)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    why = missing_cuda()
    if why:
        print(f"error: the benchmark needs torch, triton and a CUDA GPU: {why}", file=sys.stderr)
        return 2
    import torch

    rows, failed = [], False
    print(f"# {args.kernel} vs cuBLAS on {torch.cuda.get_device_name()}, torch {torch.__version__}")
    for dt in dtypes:
        for mnkl in shapes:
            for row in bench_one(module, mnkl, dt, tune=not args.no_tune, rep_ms=args.rep_ms, configs=configs):
                rows.append(row)
                ok = row["rel_err"] < TOLERANCE
                failed |= not ok
                print(
                    f"{'x'.join(map(str, mnkl)):>22} {dt} {row['config']:<22} err {row['rel_err']:.1e}"
                    f"{'' if ok else ' FAIL'}  {row['tflops']:6.1f} vs cuBLAS {row['cublas_tflops']:6.1f} TFLOP/s"
                    f"  ratio {row['ratio']:.3f}x",
                    flush=True,
                )
    print()
    print(format_table(rows))
    ratios = [r["ratio"] for r in rows]
    for dt in dtypes:
        print(f"geomean {dt}: {geomean([r['ratio'] for r in rows if r['dtype'] == dt]):.3f}x")
    print(f"geomean all: {geomean(ratios):.3f}x, min {min(ratios):.3f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
