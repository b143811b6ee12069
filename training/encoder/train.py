#!/usr/bin/env python3
"""Trains jev's sentence encoder for skill routing, from the shipped off-the-shelf one, and exports it as int8 ONNX.

    python3 -m venv /tmp/enc && /tmp/enc/bin/pip install -r training/encoder/requirements.txt
    node bin/run-ts.mjs training/encoder/build-data.ts            # the pairs, from the repository's data only
    /tmp/enc/bin/python training/encoder/train.py [--out DIR]     # about 22 minutes on 2 cores; the defaults made the shipped model

Data: training/encoder/out/pairs.jsonl ({query, positive, negatives, skill, source}); the groups the model never sees
are decided before, in lib/testing/encoder-groups.ts. Loss: cross-entropy over scaled cosines of each request with
every skill text in the batch (in-batch negatives) and its own hard negatives; no two requests of one skill share a
batch. Seeded; prints its data manifest, its loss as it goes, and the time it took. The result is written as a model
folder (model.onnx, tokenizer files, training.json) that jev's worker reads; provenance.json is written by
training/encoder/provenance.py once the folder is chosen to ship.
"""

import argparse
import hashlib
import importlib.util
import json
import math
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILD = ROOT / "scripts" / "model" / "build-encoder.py"


def load_build_module():
    spec = importlib.util.spec_from_file_location("build_encoder", BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_pairs(path: Path):
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows


def batches(rows, size: int, rng: random.Random):
    """Batches with no two requests of one skill (a second one would be a wrong in-batch negative)."""
    order = rows[:]
    rng.shuffle(order)
    pending = []
    while order:
        batch, seen, rest = [], set(), []
        for row in order:
            if len(batch) < size and row["skill"] not in seen:
                batch.append(row)
                seen.add(row["skill"])
            else:
                rest.append(row)
        pending.append(batch)
        order = rest
    rng.shuffle(pending)
    return pending


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", default=str(HERE / "out" / "pairs.jsonl"))
    parser.add_argument("--out", default=str(HERE / "out" / "model"))
    parser.add_argument("--epochs", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument("--scale", type=float, default=20.0)
    parser.add_argument("--negatives", type=int, default=1, help="hard negatives per request at most")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: all cores)")
    parser.add_argument("--layers", type=int, default=0, help="keep only the first N transformer layers (0: all six): a cheaper model per turn")
    args = parser.parse_args()

    import numpy as np
    import torch
    import torch.nn.functional as F
    from transformers import AutoModel, AutoTokenizer

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    build = load_build_module()
    started = time.time()
    # The commit the run starts from: what is committed later (while it trains) is not what it trained with.
    commit = git_commit()

    pairs_path = Path(args.pairs)
    raw = pairs_path.read_bytes()
    rows = read_pairs(pairs_path)
    manifest_path = pairs_path.with_name("manifest.json")
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    if manifest.get("sha256") and manifest["sha256"] != hashlib.sha256(raw).hexdigest():
        print("pairs.jsonl does not match its manifest: run build-data.ts again", file=sys.stderr)
        return 2
    print("data manifest:", json.dumps(manifest, indent=2))

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        source = build.extract_source(tmp)
        tokenizer = AutoTokenizer.from_pretrained(str(source))
        model = AutoModel.from_pretrained(str(source))
        if args.layers:
            model.encoder.layer = model.encoder.layer[: args.layers]
            model.config.num_hidden_layers = args.layers
        model.train()

        def encode(texts, max_len):
            inputs = tokenizer(texts, padding=True, truncation=True, max_length=max_len, return_tensors="pt")
            hidden = model(**inputs).last_hidden_state
            mask = inputs["attention_mask"].unsqueeze(-1).float()
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return F.normalize(pooled, dim=-1)

        rng = random.Random(args.seed)
        epoch_batches = len(batches(rows, args.batch, random.Random(args.seed)))
        total_steps = max(1, math.ceil(epoch_batches * args.epochs))
        warmup = max(1, total_steps // 10)
        optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
        schedule = torch.optim.lr_scheduler.LambdaLR(
            optimizer, lambda step: min(1.0, (step + 1) / warmup) * max(0.0, (total_steps - step) / max(1, total_steps - warmup))
        )
        print(f"{len(rows)} pairs, {total_steps} steps of {args.batch}, {args.negatives} hard negatives each at most")
        step, losses = 0, []
        while step < total_steps:
            for batch in batches(rows, args.batch, rng):
                if step >= total_steps:
                    break
                queries = [r["query"] for r in batch]
                docs = [r["positive"] for r in batch]
                positives = set(docs)
                for r in batch:
                    docs += [n for n in r["negatives"][: args.negatives] if n not in positives and n not in docs]
                q = encode(queries, 64)
                d = encode(docs, 128)
                scores = args.scale * q @ d.T
                loss = F.cross_entropy(scores, torch.arange(len(batch)))
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                schedule.step()
                losses.append(loss.item())
                step += 1
                if step % 20 == 0 or step == total_steps:
                    recent = sum(losses[-20:]) / len(losses[-20:])
                    print(f"step {step}/{total_steps}  loss {recent:.4f}  {time.time() - started:.0f} s", flush=True)

        model.eval()
        trained = tmp / "trained"
        model.save_pretrained(str(trained))
        for name in ["tokenizer.json", "tokenizer_config.json"]:
            (trained / name).write_bytes((source / name).read_bytes())
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        build.export(trained, tmp, out)

    report = {
        "pairs_sha256": manifest.get("sha256"),
        "pairs": len(rows),
        "steps": total_steps,
        "batch": args.batch,
        "epochs": args.epochs,
        "lr": args.lr,
        "scale": args.scale,
        "hard_negatives": args.negatives,
        "seed": args.seed,
        "layers": args.layers or 6,
        "final_loss": round(sum(losses[-20:]) / len(losses[-20:]), 4),
        "seconds": round(time.time() - started),
        "model_bytes": (Path(args.out) / "model.onnx").stat().st_size,
    }
    (Path(args.out) / "training.json").write_text(json.dumps(report, indent=2) + "\n")
    write_provenance(Path(args.out), manifest, report, build, commit)
    print("training:", json.dumps(report, indent=2))
    return 0


def git_commit() -> str:
    import subprocess

    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "training", "lib/testing", "fixtures"], capture_output=True, text=True).stdout
    return head + ("+uncommitted" if dirty.strip() else "")


def write_provenance(out: Path, manifest: dict, report: dict, build, commit: str) -> None:
    """The folder's provenance.json: what jev's worker needs to run it (id, howToRun), and where every file came from."""
    build.copy_licence(out)
    wheel = [line for line in build.WHEELS.read_text().splitlines() if line.startswith(build.SOURCE_PACKAGE)][0]
    files = {
        "model.onnx": build.file_entry(out / "model.onnx", member="trained by training/encoder/train.py from the model below, exported and quantized to int8 by scripts/model/build-encoder.py"),
        "tokenizer.json": build.file_entry(out / "tokenizer.json", member="unchanged from the model below"),
        "tokenizer_config.json": build.file_entry(out / "tokenizer_config.json", member="unchanged from the model below"),
        "LICENSE": build.file_entry(out / "LICENSE", member="the Apache License 2.0 text, the weights' licence"),
    }
    layers = report["layers"]
    provenance = {
        "id": f"jev-routing-minilm-l{layers}-" + files["model.onnx"]["sha256"][:12],
        "model": f"all-MiniLM-L6-v2 ({layers} of its 6 layers), trained for skill routing by jev",
        "modelLicence": build.BASE_LICENCE,
        "howToRun": build.HOW_TO_RUN,
        "trainedFrom": {
            "model": "sentence-transformers/all-MiniLM-L6-v2",
            "package": build.SOURCE_PACKAGE,
            "version": wheel.split("==")[1].split()[0],
            "wheelSha256": wheel.split("sha256:")[1].strip(),
        },
        "training": {"commit": commit, "script": "training/encoder/train.py", "data": manifest, **{k: v for k, v in report.items() if k != "model_bytes"}},
        "files": files,
    }
    (out / "provenance.json").write_text(json.dumps(provenance, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
