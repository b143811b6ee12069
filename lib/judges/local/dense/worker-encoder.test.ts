import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../../config";
import { dot, type SentenceEncoder } from "./encoder";
import { startWorkerEncoder, startWorkerEncoders } from "./worker-encoder";

// Vectors of the same model computed by Python's onnxruntime and Hugging Face tokenizers (scripts/model/reference-vectors.py).
const reference = JSON.parse(fs.readFileSync(path.join(packageRoot(), "fixtures", "encoder", "reference-vectors.json"), "utf8")) as {
  rows: { text: string; vector: number[] }[];
};

let encoder: SentenceEncoder;
beforeAll(async () => {
  encoder = await startWorkerEncoder({ root: packageRoot() });
});
afterAll(() => encoder.close());

describe("the shipped encoder in its worker", () => {
  it("gives the reference implementation's vectors (tokenizer, truncation, mean pooling, unit length)", async () => {
    const got = await encoder.encode(
      reference.rows.map((r) => r.text),
      { kind: "query", priority: "turn" },
    );
    expect(encoder.dims).toBe(384);
    reference.rows.forEach((row, i) => {
      expect(got[i]).toHaveLength(1);
      expect(dot(got[i][0], Float32Array.from(row.vector))).toBeGreaterThan(0.9999);
      expect(dot(got[i][0], got[i][0])).toBeCloseTo(1, 5);
    });
  });

  it("cuts a long passage in windows of the model's length, at most maxPieces", async () => {
    const long = "the quarterly report covers revenue, costs and hiring. ".repeat(60);
    const [short, pieces, capped] = await encoder.encode(["a short card", long, long], { kind: "passage", priority: "build", maxPieces: 3 });
    expect(short).toHaveLength(1);
    expect(pieces).toHaveLength(3);
    expect(capped).toHaveLength(3);
    expect(dot(pieces[0], capped[0])).toBeCloseTo(1, 5);
  });

  it("reads meaning: a plain request is nearer the skill that serves it than another skill", async () => {
    const [[turn], [pptx], [imessage]] = await encoder.encode(
      [
        "make slides for the board meeting",
        "pptx: create, edit and read PowerPoint presentations and slide decks",
        "imessage: send and read iMessage and SMS texts on macOS",
      ],
      { kind: "passage", priority: "turn" },
    );
    expect(dot(turn, pptx)).toBeGreaterThan(dot(turn, imessage) + 0.1);
  });
});

describe("several workers as one encoder", () => {
  it("runs two sessions that give the one worker's vectors, and stops them both", async () => {
    const pool = await startWorkerEncoders({ root: packageRoot(), workers: 2 });
    try {
      expect(pool.parallelism).toBe(2);
      const texts = reference.rows.map((r) => r.text);
      const asked = texts.map((t) => pool.encode([t], { kind: "query", priority: "turn" }));
      const [single, got] = await Promise.all([encoder.encode(texts, { kind: "query", priority: "turn" }), Promise.all(asked)]);
      for (const [i, vectors] of got.entries()) expect(dot(vectors[0][0], single[i][0])).toBeCloseTo(1, 6);
    } finally {
      await pool.close();
    }
  });

  it("starts none when the model cannot load", async () => {
    await expect(startWorkerEncoders({ root: packageRoot(), workers: 2, modelDir: "no-such-model" })).rejects.toThrow();
  });
});

describe("stopping the encoder", () => {
  it("ends its worker after the run in progress, so the process lives on, and fails what was still queued", async () => {
    const own = await startWorkerEncoder({ root: packageRoot() });
    const long = "a skill body with many words about presentations and spreadsheets ".repeat(200);
    const asked = own.encode([long, long, long], { kind: "passage", priority: "build", maxPieces: 8 });
    const settled = asked.then(
      () => "encoded",
      () => "failed",
    );
    await new Promise((r) => setTimeout(r, 30)); // inside a run
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(["encoded", "failed"]).toContain(await settled);
    await expect(own.encode(["after"], { kind: "query", priority: "turn" })).rejects.toThrow();
  });

  it("keeps a process alive until its workers have stopped, so a command that awaits close ends normally", () => {
    // A process with nothing else to do: before, it ended inside the await with Node's exit code 13.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-encoder-close-"));
    const script = path.join(dir, "close.mjs");
    const modulePath = pathToFileURL(path.join(packageRoot(), "lib", "judges", "local", "dense", "worker-encoder.ts")).href;
    fs.writeFileSync(
      script,
      `const { startWorkerEncoders } = await import(${JSON.stringify(modulePath)});\n` +
        `const pool = await startWorkerEncoders({ root: ${JSON.stringify(packageRoot())}, workers: 2 });\n` +
        `await pool.encode(["a turn"], { kind: "query", priority: "turn" });\n` +
        `await pool.close();\nconsole.log("closed");\n`,
    );
    try {
      const run = spawnSync(process.execPath, [path.join(packageRoot(), "bin", "run-ts.mjs"), script], { encoding: "utf8", timeout: 30_000 });
      expect(run.stdout.trim()).toBe("closed");
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
