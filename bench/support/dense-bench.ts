/**
 * The real sentence encoder for benchmarks, with every vector it makes (skills' and turns') kept in a file under
 * node_modules/.cache, so a second run of a bench reads them instead of encoding again (a cold run of the
 * development sets encodes a few thousand texts: about a minute).
 */
import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../../lib/config";
import { type DecisionModels, decisionModelsSchema } from "../../lib/judges/local/decision/decision-model";
import { DenseSide } from "../../lib/judges/local/dense/dense-side";
import type { SentenceEncoder } from "../../lib/judges/local/dense/encoder";
import { textKey } from "../../lib/judges/local/dense/skill-texts";
import { packVectors, type StoredVectors, unpackVectors, type VectorStore } from "../../lib/judges/local/dense/vector-store";
import { startWorkerEncoder } from "../../lib/judges/local/dense/worker-encoder";
import { LocalJudge } from "../../lib/judges/local/local-judge";

const CACHE_DIR = path.join(packageRoot(), "node_modules", ".cache", "jev-bench-vectors");

/** Vectors in a JSON Lines file per model: `{"key", "b64"}`, appended as they are made. */
export class FileVectorStore implements VectorStore {
  private readonly byModel = new Map<string, Map<string, string>>();

  private file(model: string): string {
    return path.join(CACHE_DIR, `${model}.jsonl`);
  }

  private rows(model: string): Map<string, string> {
    let rows = this.byModel.get(model);
    if (!rows) {
      rows = new Map();
      const file = this.file(model);
      if (fs.existsSync(file)) {
        for (const line of fs.readFileSync(file, "utf8").split("\n")) {
          if (!line) continue;
          const { key, b64 } = JSON.parse(line) as { key: string; b64: string };
          rows.set(key, b64);
        }
      }
      this.byModel.set(model, rows);
    }
    return rows;
  }

  async load(model: string, dims: number, keys: readonly string[]): Promise<Map<string, Float32Array[]>> {
    const rows = this.rows(model);
    const out = new Map<string, Float32Array[]>();
    for (const key of keys) {
      const b64 = rows.get(key);
      const vectors = b64 ? unpackVectors(Buffer.from(b64, "base64"), dims) : null;
      if (vectors) out.set(key, vectors);
    }
    return out;
  }

  async save(model: string, rows: readonly StoredVectors[]): Promise<void> {
    const held = this.rows(model);
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const lines = rows.map((r) => {
      const b64 = packVectors(r.vectors).toString("base64");
      held.set(r.key, b64);
      return `${JSON.stringify({ key: r.key, b64 })}\n`;
    });
    fs.appendFileSync(this.file(model), lines.join(""));
  }
}

/** A flag's value (`--name=value`), or null. */
export const flag = (name: string): string | null => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;

/**
 * Load decision models a calibration wrote (`bench/calibrate.ts --dense --write=FILE`), checked feature by feature:
 * an encoder's own decision, for comparing encoders in one run.
 */
export function readDecisionModels(file: string): DecisionModels {
  const parsed = decisionModelsSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: not decision models as calibrate.ts writes them (${parsed.error.issues[0]?.path.join(".")})`);
  return parsed.data;
}

/**
 * An encoder (the shipped one, or `--encoder=DIR`), the store above, and a dense side that waits for every vector (as
 * `jev eval` does), deciding with `decision` (else the shipped encoder's models, or `--decision=FILE`).
 */
export async function benchDense(
  modelDir = flag("encoder") ?? undefined,
  decision = flag("decision") ? readDecisionModels(flag("decision")!) : undefined,
): Promise<{ encoder: SentenceEncoder; store: FileVectorStore; side: DenseSide }> {
  const encoder = await startWorkerEncoder({ root: packageRoot(), modelDir });
  const store = new FileVectorStore();
  const side = new DenseSide({ start: async () => encoder, store, waitMs: 3_600_000, decision });
  await side.start();
  return { encoder, store, side };
}

/** Each turn's vector, from the store or encoded (and stored) now, a few at a time with progress on stderr. */
export async function turnVectors(encoder: SentenceEncoder, store: VectorStore, turns: readonly string[]): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(turns)];
  const keys = unique.map((t) => textKey("turn", t));
  const stored = await store.load(encoder.id, encoder.dims, keys);
  const out = new Map<string, Float32Array>();
  const todo: string[] = [];
  unique.forEach((t, i) => {
    const v = stored.get(keys[i]);
    if (v) out.set(t, v[0]);
    else todo.push(t);
  });
  for (let at = 0; at < todo.length; at += 64) {
    const chunk = todo.slice(at, at + 64);
    const vectors = await encoder.encode(chunk, { kind: "query", priority: "build" });
    await store.save(
      encoder.id,
      chunk.map((t, i) => ({ key: textKey("turn", t), vectors: vectors[i] })),
    );
    for (const [i, t] of chunk.entries()) out.set(t, vectors[i][0]);
    if (at % 640 === 0) process.stderr.write(`turn vectors: ${at + chunk.length}/${todo.length}\n`);
  }
  return out;
}

/**
 * The judges a bench compares in one run: the lexical judge alone, and the local judge with the encoder; with
 * `--candidate=DIR` (and `--candidate-decision=FILE`, its calibration), a third with that encoder, labelled `trained`.
 */
export async function benchJudges(): Promise<{ judges: { label: string; judge: LocalJudge }[]; close: () => Promise<void> }> {
  const { encoder, side } = await benchDense();
  const judges = [
    { label: "lexical", judge: new LocalJudge() },
    { label: "hybrid", judge: new LocalJudge("wait", undefined, side) },
  ];
  const candidateDir = flag("candidate");
  const candidate = candidateDir
    ? await benchDense(candidateDir, flag("candidate-decision") ? readDecisionModels(flag("candidate-decision")!) : undefined)
    : null;
  if (candidate) judges.push({ label: "trained", judge: new LocalJudge("wait", undefined, candidate.side) });
  return {
    judges,
    close: async () => {
      await encoder.close();
      await candidate?.encoder.close();
    },
  };
}
