/** The messages of encoder-worker.mjs (plain JavaScript: it is started by path however jev runs). */

/** Texts to encode: a query (the turn) or passages (a skill's texts), each cut in at most `maxPieces` token windows. */
export interface EncodeRequest {
  id: number;
  kind: "query" | "passage";
  priority: "turn" | "build";
  texts: string[];
  maxPieces?: number;
}

/** Sent to the worker to end it after the run in progress (ending it inside the runtime aborts the process). */
export interface StopRequest {
  stop: true;
}

/** The first message: the model loaded. */
export interface EncoderReady {
  ready: true;
  id: string;
  dims: number;
  maxTokens: number;
}

/** One request's vectors (each of length `dims`, in text order, a text's pieces in a row) and each text's piece count. */
export interface EncodeReply {
  id: number;
  vectors?: Float32Array;
  pieces?: Int32Array;
  failed?: true;
}
