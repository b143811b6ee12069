import net from "node:net";

/**
 * One HTTP/1.1 exchange over a plain socket, byte for byte as given: the way
 * to send what fetch clients refuse to (TRACE, CONNECT, bad percent-encoding,
 * malformed requests). `status` is 0 when the server answered nothing before
 * the timeout or closed without a status line.
 */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

export function rawRequest(port: number, head: string, body: Buffer | string = "", timeoutMs = 15_000): Promise<RawReply> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks)), ms: performance.now() - started });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("connect", () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
    socket.on("data", (c) => chunks.push(c));
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", finish);
  });
}

/** A request head with `Host` and `Connection: close`, plus any extra header lines. */
export function head(method: string, target: string, extra: Record<string, string> = {}): string {
  const headers = { host: "127.0.0.1", connection: "close", ...extra }; // extra may replace the defaults
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

function parse(raw: Buffer): Omit<RawReply, "ms"> {
  const split = raw.indexOf("\r\n\r\n");
  if (split === -1) return { status: 0, headers: {}, body: "" };
  const [statusLine, ...headerLines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let rest = raw.subarray(split + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) rest = dechunk(rest);
  return { status, headers, body: rest.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
