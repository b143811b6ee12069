/**
 * The worker thread of a parallel build (parallel-tokenize.ts): it tokenizes
 * the cards it is sent exactly as the main thread would and sends their
 * tokens back packed. It keeps nothing between requests but the tokenizer's
 * own caches.
 */
import { parentPort } from "node:worker_threads";
import { type CardTexts, tokenizeToBatch, transferables } from "./token-batch";

export interface TokenizeRequest {
  id: number;
  cards: CardTexts[];
}

parentPort?.on("message", (request: TokenizeRequest) => {
  const batch = tokenizeToBatch(request.cards);
  const heapUsed = process.memoryUsage().heapUsed;
  parentPort?.postMessage({ id: request.id, batch, heapUsed }, transferables(batch));
});
