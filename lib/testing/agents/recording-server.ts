import http from "node:http";

/** A loopback HTTP server that keeps every request body, in order, and hands each to `answer` with its response. */
export interface RecordingServer {
  port: number;
  requests: string[];
  close: () => void;
}

export function recordingServer(answer: (url: string, body: string, res: http.ServerResponse) => void): Promise<RecordingServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      requests.push(body);
      answer(req.url ?? "", body, res);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ port: (server.address() as { port: number }).port, requests, close: () => server.close() })),
  );
}
