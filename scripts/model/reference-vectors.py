#!/usr/bin/env python3
"""Writes fixtures/encoder/reference-vectors.json: the shipped encoder's vectors for a few texts, computed by the
Python onnxruntime and Hugging Face tokenizers (PyPI), so a test can check jev's Node pipeline (tokenizer, tensors,
mean pooling, normalisation) against the reference implementation.

    python3 -m pip install onnxruntime tokenizers numpy
    python3 scripts/model/reference-vectors.py
"""

import json
from pathlib import Path

import numpy as np
import onnxruntime
from tokenizers import Tokenizer

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "jev-routing-minilm-l6-int8"
OUT = ROOT / "fixtures" / "encoder" / "reference-vectors.json"
TEXTS = [
    "I need to put together a deck for Friday's all-hands",
    "pptx: create, edit and read PowerPoint presentations, slides and decks",
    "send a text to my brother that I just landed",
    "Erstelle eine Tabelle mit unseren monatlichen Ausgaben",
    "帮我做一个季度汇报的幻灯片",
    "Café naïve résumé — ünïcödé, emoji 🚀 and tabs\tand\nnew lines",
    "word " * 300,
]


def main() -> None:
    how = json.loads((MODEL / "provenance.json").read_text())["howToRun"]
    tokenizer = Tokenizer.from_file(str(MODEL / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=how["maxTokens"])
    session = onnxruntime.InferenceSession(str(MODEL / "model.onnx"), providers=["CPUExecutionProvider"])
    rows = []
    for text in TEXTS:
        enc = tokenizer.encode(text)
        ids = np.array([enc.ids], dtype=np.int64)
        mask = np.array([enc.attention_mask], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = session.run(["last_hidden_state"], feeds)[0][0]
        vector = hidden.mean(axis=0)
        vector = vector / np.linalg.norm(vector)
        rows.append({"text": text, "ids": enc.ids, "vector": [round(float(v), 6) for v in vector]})
    OUT.write_text(json.dumps({"model": MODEL.name, "rows": rows}) + "\n")
    print(f"wrote {len(rows)} vectors to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
