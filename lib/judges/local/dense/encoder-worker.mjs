// The sentence encoder's thread: the one file of jev that loads the ONNX runtime (biome.json says so). Plain
// JavaScript, so every way jev runs (source through tsx, the bundled server, Next's routes) starts it by path.
// ONNX Runtime's `run` holds the thread that calls it (a 128-token piece takes tens of milliseconds), so the
// server's thread only posts texts here and gets vectors back.
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { Tokenizer } from "@huggingface/tokenizers";
import ort from "onnxruntime-node";

/** @typedef {import("./encoder-worker.d.mts").EncodeRequest} EncodeRequest */

const { modelDir, threads } = /** @type {{ modelDir: string, threads: number }} */ (workerData);
const provenance = JSON.parse(fs.readFileSync(path.join(modelDir, "provenance.json"), "utf8"));
const how = provenance.howToRun;
const tokenizer = new Tokenizer(
  JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer.json"), "utf8")),
  JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer_config.json"), "utf8")),
);
const CLS = tokenizer.encode("", { add_special_tokens: true }).ids[0];
const SEP = tokenizer.encode("", { add_special_tokens: true }).ids.at(-1);
const session = await ort.InferenceSession.create(path.join(modelDir, "model.onnx"), {
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
  graphOptimizationLevel: "all",
});
const wantsTypeIds = session.inputNames.includes("token_type_ids");

/** Turns first, then builds, each in the order asked. */
const queues = { turn: /** @type {EncodeRequest[]} */ ([]), build: /** @type {EncodeRequest[]} */ ([]) };
let busy = false;
let stopping = false;

parentPort?.on("message", (/** @type {EncodeRequest | { stop: true }} */ message) => {
  // Asked to stop: after the run in progress, never in it (ending the thread inside the runtime aborts the process).
  if ("stop" in message) {
    stopping = true;
    if (!busy) process.exit(0);
    return;
  }
  queues[message.priority].push(message);
  if (!busy) void drain();
});
parentPort?.postMessage({ ready: true, id: provenance.id, dims: how.dims, maxTokens: how.maxTokens });

async function drain() {
  busy = true;
  for (let next = queues.turn.shift() ?? queues.build.shift(); next && !stopping; next = queues.turn.shift() ?? queues.build.shift()) {
    try {
      const { vectors, pieces } = await encode(next);
      parentPort?.postMessage({ id: next.id, vectors, pieces }, [vectors.buffer]);
    } catch {
      parentPort?.postMessage({ id: next.id, failed: true });
    }
    // Let a turn that came in during this batch go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  busy = false;
  if (stopping) process.exit(0);
}

/** Each text's token pieces (a text of `maxPieces` > 1 is cut in windows of the model's length), encoded. */
async function encode(/** @type {EncodeRequest} */ request) {
  const windows = [];
  const pieces = new Int32Array(request.texts.length);
  const room = how.maxTokens - 2;
  request.texts.forEach((text, t) => {
    const ids = tokenizer.encode(`${how[request.kind === "query" ? "queryPrefix" : "passagePrefix"]}${text}`, { add_special_tokens: false }).ids;
    const most = Math.max(1, request.maxPieces ?? 1);
    for (let start = 0, n = 0; n < most && (start < ids.length || n === 0); start += room, n++) {
      windows.push([CLS, ...ids.slice(start, start + room), SEP]);
      pieces[t]++;
    }
  });
  const vectors = new Float32Array(windows.length * how.dims);
  // One window a run: the activations' int8 scale is taken over the whole input, so a window run beside others
  // would get a slightly different vector (cosine .99), and a stored vector must not depend on its neighbours.
  // Batching saved under a tenth of the time.
  for (const [w, window] of windows.entries()) {
    const shape = [1, window.length];
    const ids = BigInt64Array.from(window, BigInt);
    const feeds = { input_ids: new ort.Tensor("int64", ids, shape), attention_mask: new ort.Tensor("int64", new BigInt64Array(ids.length).fill(1n), shape) };
    if (wantsTypeIds) feeds.token_type_ids = new ort.Tensor("int64", new BigInt64Array(ids.length), shape);
    const out = await session.run(feeds);
    meanPooled(/** @type {Float32Array} */ (out[session.outputNames[0]].data), window.length, vectors.subarray(w * how.dims, (w + 1) * how.dims));
  }
  return { vectors, pieces };
}

/** The mean of the token states, scaled to length 1, into `out`. */
function meanPooled(hidden, tokens, out) {
  const dims = out.length;
  for (let t = 0; t < tokens; t++) for (let d = 0; d < dims; d++) out[d] += hidden[t * dims + d];
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += out[d] * out[d];
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < dims; d++) out[d] /= norm;
}
