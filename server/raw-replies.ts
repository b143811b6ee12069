import { JevError } from "../lib/base/errors";

/**
 * Whole HTTP/1.1 responses written straight to a socket, for the moments
 * before Node has a request object (malformed HTTP, CONNECT). Same JSON
 * envelope as every other API error; the connection is closed after.
 */
export function rawReply(error: JevError, extra: { allow?: string } = {}): string {
  const body = JSON.stringify(error.toJSON());
  const lines = [
    `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? "Error"}`,
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
  ];
  if (extra.allow !== undefined) lines.push(`allow: ${extra.allow}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/** The reply to a request Node's parser rejected, by the parser's error code; null when the peer is gone. */
export function clientErrorReply(code: string | undefined): string | null {
  if (code === "ECONNRESET" || code === "EPIPE") return null;
  if (code === "HPE_HEADER_OVERFLOW") return rawReply(new JevError("headers_too_large", "request headers over the size limit"));
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return rawReply(new JevError("request_timeout", "the request did not arrive in time"));
  return rawReply(new JevError("bad_request", "malformed HTTP request"));
}
