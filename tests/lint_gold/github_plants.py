"""Measure the plants of ``github_plants.json`` (public CuTeDSL code from GitHub, not installable, so not in CI)
against local checkouts, and print the default findings on the unplanted files, for judging.

Get the checkouts at the commits the plants name, then pass each one's root:

    git clone https://github.com/dungwoong/fused_kernels_cutedsl_lib /tmp/fk
    git -C /tmp/fk checkout d0ee5b2b5277e5a6ed45b3093390dc27c8e51f42
    git clone https://github.com/b-vitamins/slinoss /tmp/slinoss
    git -C /tmp/slinoss checkout a0907096d7aca7f75b4a8f770b0f5c0c0ab032f5
    python -m tests.lint_gold.github_plants \\
        --checkout dungwoong/fused_kernels_cutedsl_lib=/tmp/fk --checkout b-vitamins/slinoss=/tmp/slinoss

and the thirteenth set's three (luongthecong123/learn-cutedsl at 8a875e8b316fcff3d664521401d8c1d77e51e55b,
KindRoach/learn-CuTeDSL at 14123a7b70a866c06167ee186db0947bd8286cf0, jIab-b/eval_test at
0538b4290002aa02dda3fe67f592a7917cb54b33) the same way, each passed as ``--checkout OWNER/NAME=PATH``.
The fourteenth set's three the same way: blurSong/cute-dsl-cookbook at 171ca8826762558870253c5ea7b7dbb41856808d,
roycho96/cute-dsl-gemm-sm120 at 993a7b90c989b044c7ed150dd74297507b45a22b, lee101/cutedsl at
82dcf359acf27207e40b3a055222fe1f583e2cff. The fifteenth set's four likewise: dungwoong/gemm_cuteDSL at
85362c25dcf08f5d82d8740a5beb771f67f1c07a, KuangjuX/Cute-Snippets at 43883a193790ae3ca0a4a76921483006e991f37b,
open-lm-engine/accelerated-model-architectures at 384ed0a7bd82ced1f40609603dd541cac5416844, b-albar/cutedsl-trace at
9f95255eda2a321c25605db6f79fa16bf35d54fb. The sixteenth set's four likewise: DD-DuDa/nvfp4_attn_kernel at
5e70e900c7ff88546732e9c4e3c12474dbe56f20, goldbar123467/nvfp4_dual_gemm at 22a55a66dffd84577be660303e4fb4cfc0c0ff97,
HuPengsheet/int8_mha_cutedsl at 08c379ab04888f893db4c253e45ea6d5de48ae94, dibakarbarua/cute_dsl_kernels at
1afbee7edd0ae7e47187b80a82e8c0cb8a3625e2. The seventeenth set's two likewise: b-albar/machete at
44329d6d3b191e3e782091e012f90705253f0e1d, meta-pytorch/KernelAgent at a3001c70f59472ad8e8f2d2ba05293568eec987f.
The eighteenth set's two likewise: punwai/cute-flash-attn at 918372804e1f941e20caf4deb3847b2112c77c72,
simveit/cute_persistent_kernels at ee45fa45f26529d4cb3e6859c15b0834cfc82809.
The nineteenth set's two likewise: Xin-Jing-11/cutlass-cute-playground at
3e86c25001f18db70a0671c35f010818ef4090ce, minoya1220/cute-kernels at 53e87eaa3daf5561575abd0775b991e62de76543.
The twentieth set's one likewise: xlite-dev/ffpa-attn at 92e1d3b52e5a952b4a9d32e0c3cf25c1fbed6dad (its checkout
holds Git LFS images that may not download; ``git archive HEAD src`` gives the code the plants need).
The twenty-first set's two likewise: m87-labs/kestrel at 4ae2f996558fd1bb3c9683bc276f50d982b973d5 (the plants are in
``kestrel-kernels/``, which later commits removed), meta-pytorch/MSLK at 91b4795eb2884a8cc642d7fbe5f8e1bf5d9baf36 (its
``mslk/gemm/cutedsl/`` was reverted after it).
The twenty-second set's one likewise: xiefan46/flashinfer at 5a77a9a55a7db107f6a8c5ae1fac3aefd82d10e9 (the head of its
branch ``feat/cutedsl-fp8-moe``, not of its default branch; ``git archive 5a77a9a flashinfer`` gives the code the plants
need).
The twenty-third set's two likewise: sampan26/cute_bits at 5e2ba756574b2cd61585567d1c8b8bec2af43420 (``git archive
5e2ba75 cutedsl`` gives the code the plants need; the repository also holds a CUTLASS checkout),
jkzhang7/cuda_kernels at 96a879fc0644286534dd022470b29cd28e080801.
The twenty-fourth set's one likewise: MrHuff/fp4-fa4 at edde9bcbc5567fe4e69b4faa2c36e667764410e4 (the plants are in
``tk_fa4/cute_dsl_mxfp4_forward_kernel_d192.py`` and ``reproduction/snapshots/forward_cfc06dad/tk_fa4/
cute_dsl_mxfp4_qk_mma_tile_smoke.py``; where no clone can be had, the two files rebuilt up to the end of their kernel
builders, as docs/lint.md says, give the same lines).
The thirtieth set's one likewise: inclusionAI/cuLA at fa742a23fcc6d818b0f591532ecad7985e3f64e5 (the plants are in
``cula/ops/linear_attn.py`` and ``cula/ops/lightning_attn.py``).
The thirty-first set's one likewise: NVIDIA/TensorRT-LLM, too large to clone whole for six files; each plant names the
commit of its file (``tensorrt_llm/_torch/cute_dsl_kernels/``: ``blackwell/top_k/gvr_prescore_fp4.py`` and
``gvr_prescore_fp4_pp.py`` at 4b1c788, ``argmax.py`` at ae586dd, ``blackwell/pertoken_adaln/pertoken_adaln.py`` at
5021c0b, ``blackwell/minimax_m3_index_decode_score.py`` at a949169, ``blackwell/cute_ptx_utils.py`` at c50d48f), and
the checkout is a directory holding those files at their paths.

A plant is caught when it adds a default finding at one of its lines (``planted_everywhere``: a renamed tensor is
renamed through its function, a swapped call or operand on its line). ``--findings DIR`` prints every default
finding under a checkout's directory (``repository=relative/dir``), for judging by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cute_inspect.lint import lint_paths
from tests.lint_gold.packages import DEFAULTS
from tests.lint_gold.plant import findings, planted_everywhere

PLANTS = Path(__file__).parent / "github_plants.json"


def plant_result(plant: dict, root: Path) -> dict:
    """The new findings a plant adds at its lines, and whether they include its expected codes."""
    text = (root / plant["path"]).read_text()
    # linted at its place in the checkout, so that helpers imported from the repository's other modules are read
    path = str(root / plant["path"])
    added = findings(planted_everywhere(text, plant["edits"], plant["rename"]), path) - findings(text, path)
    lines = {line for line, _, _ in plant["edits"]} | {line for line, _ in plant["expect"]}
    at_lines = sorted({code for line, code, _ in added if line in lines})
    return {"caught": bool(at_lines), "codes_at_line": at_lines, "elsewhere": sorted(added - {a for a in added if a[0] in lines})}


def measure(roots: dict[str, Path]) -> list[dict]:
    """Every plant whose repository has a checkout, with its result."""
    plants = json.loads(PLANTS.read_text())["plants"]
    return [dict(plant, result=plant_result(plant, roots[plant["repository"]])) for plant in plants if plant["repository"] in roots]


def default_findings(root: Path, directory: str) -> list[tuple[str, int, str, str]]:
    """(path relative to the checkout, line, code, message) of every default finding under ``directory``."""
    report = lint_paths([str(root / directory)], DEFAULTS)
    return sorted((Path(f.path).relative_to(root).as_posix(), f.line, f.code, f.message) for f in report.findings)


def _pairs(values: list[str]) -> list[tuple[str, str]]:
    return [tuple(value.split("=", 1)) for value in values]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", action="append", default=[], help="REPOSITORY=PATH of a checkout's root")
    parser.add_argument("--findings", action="append", default=[], help="REPOSITORY=DIR: print its default findings")
    parser.add_argument("--json", help="write the per-plant results here")
    args = parser.parse_args(argv)
    roots = {repository: Path(path) for repository, path in _pairs(args.checkout)}
    results = measure(roots)
    for plant in results:
        result = plant["result"]
        mark = "caught" if result["caught"] else "MISSED"
        edit = ", ".join(f"{old}->{new}" for _, old, new in plant["edits"])
        print(f"{mark}\t{plant['path']}:{plant['edits'][0][0]}\t{edit}\texpect {plant['expect']}\tgot {result['codes_at_line']}")
        for line, code, message in result["elsewhere"]:
            print(f"\telsewhere {line} {code} {message}")
    print(f"caught {sum(p['result']['caught'] for p in results)} of {len(results)}")
    for repository, directory in _pairs(args.findings):
        for path, line, code, message in default_findings(roots[repository], directory):
            print(f"{repository}\t{path}:{line}\t{code}\t{message}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
