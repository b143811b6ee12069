import type http from "node:http";
import { JevError } from "../lib/base/errors";

/**
 * A server action's body that Next.js cannot decode (a malformed RSC reply, a multipart body without its boundary or
 * its end) fails inside Next.js before any of jev's code runs, and Next answers 500. jev's own actions catch every
 * error and answer a result, so a 5xx on an action request is always the body's fault: it is answered 400 in the
 * API's envelope instead, and nothing of Next's reply (its error digest) is sent.
 */
export function answerUndecodableActionsWith400(res: http.ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: http.OutgoingHttpHeaders) => http.ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  let replaced = false;
  const replace = () => {
    replaced = true;
    const body = JSON.stringify(new JevError("bad_request", "the server action's body could not be read").toJSON());
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    end(body);
  };
  const failing = (status: number) => status >= 500 && !res.headersSent;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (failing(status)) {
      replace();
      return res;
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse)(status, ...rest);
  }) as typeof res.writeHead;
  res.write = ((...args: unknown[]) => {
    if (!replaced && failing(res.statusCode)) replace();
    return replaced ? true : write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (!replaced && failing(res.statusCode)) replace();
    return replaced ? res : end(...args);
  }) as typeof res.end;
}
