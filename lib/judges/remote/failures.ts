import { errors } from "undici";
import type { ReasonCode } from "../../vocab/reason-codes";
import { JudgeError } from "../types";

/** The reason codes a remote judge's failures map to (selection spec §8); never free text. */
export type RemoteFailure = Extract<
  ReasonCode,
  "timeout" | "connection_error" | "http_status" | "rate_limited" | "credits_exhausted" | "invalid_response" | "other"
>;

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

/** The reason code of an error thrown while asking (transport, timeout, abort). */
export function failureOfError(err: unknown): RemoteFailure {
  if (err instanceof JudgeError) return err.reason as RemoteFailure;
  if (err instanceof errors.ConnectTimeoutError || err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) return "timeout";
  const name = (err as { name?: unknown })?.name;
  // Our own per-request timeout and the turn's deadline abort with a TimeoutError.
  if (name === "TimeoutError") return "timeout";
  const code = (err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;
  if (typeof code === "string" && TIMEOUT_CODES.has(code)) return "timeout";
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return "connection_error";
  if (err instanceof errors.SocketError || err instanceof errors.ClientClosedError || err instanceof errors.HTTPParserError) return "connection_error";
  return "other";
}

/**
 * The reason code of a non-2xx answer. 402 and the providers' quota errors
 * (OpenAI answers 429 with `insufficient_quota`) are credits, not load.
 */
export function failureOfStatus(status: number, body: string): RemoteFailure {
  if (status === 402 || /insufficient_quota|insufficient[ _]credits|credit balance|billing/i.test(body.slice(0, 2000))) return "credits_exhausted";
  if (status === 429) return "rate_limited";
  return "http_status";
}

/** Whether asking again is safe and may help: the request was refused before any work was done on it. */
export function isRetryable(failure: RemoteFailure, status?: number): boolean {
  if (failure === "rate_limited") return true;
  if (failure === "http_status") return status === 502 || status === 503 || status === 504;
  return failure === "connection_error";
}
