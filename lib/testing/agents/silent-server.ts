import net from "node:net";

/** A loopback server that takes connections and never answers, or answers one byte at a time forever ("drip"). */
export interface SilentServer {
  url: string;
  /** Connections it was sent. */
  connections(): number;
  close(): Promise<void>;
}

export async function silentServer(mode: "silent" | "drip" = "silent"): Promise<SilentServer> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    if (mode === "drip") {
      socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100000000\r\n\r\n");
      const timer = setInterval(() => socket.write(" "), 200);
      socket.on("close", () => clearInterval(timer));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
