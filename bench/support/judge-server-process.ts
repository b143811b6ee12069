/**
 * The loopback judge server in a process of its own, so a benchmark measures
 * the engine and not the server's work on the same CPU:
 *   node bin/run-ts.mjs bench/support/judge-server-process.ts [--delay MS] [--tls KEY.pem CERT.pem] [--garbage-for NAME]
 * Prints `{"url": …}` once listening; stops on SIGTERM. It counts the
 * connections it accepted and its own time on each request, and prints them
 * as `{"connections": N, "handledMs": […]}` on SIGUSR2. With `--garbage-for
 * NAME`, a stage-1 batch that lists NAME is answered at once with text that
 * is not scores (a judge that fails one batch of every turn); the rest as usual.
 */
import fs from "node:fs";
import { byNameInTurn, startJudgeServer } from "../../lib/testing/judge-server";

const args = process.argv.slice(2);
const delayMs = args.includes("--delay") ? Number(args[args.indexOf("--delay") + 1]) : 0;
const tlsAt = args.indexOf("--tls");
const tls = tlsAt >= 0 ? { key: fs.readFileSync(args[tlsAt + 1], "utf8"), cert: fs.readFileSync(args[tlsAt + 2], "utf8") } : undefined;
const garbageFor = args.includes("--garbage-for") ? args[args.indexOf("--garbage-for") + 1] : undefined;
const server = await startJudgeServer({
  tls,
  behaviour: (call) =>
    call.stage === "one" && garbageFor !== undefined && call.names.includes(garbageFor)
      ? { kind: "content", content: "not the scores" }
      : { kind: "answer", delayMs, scores: byNameInTurn },
});
process.on("SIGUSR2", () => console.log(JSON.stringify({ connections: server.connections(), handledMs: server.calls.map((c) => c.handledMs ?? 0) })));
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
console.log(JSON.stringify({ url: server.url }));
