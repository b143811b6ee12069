import { spawn } from "node:child_process";
import readline from "node:readline";
import { agentEnv } from "./agent-turn";

/*
 * Codex's own reading of its configuration, asked of the real `codex app-server` (JSON-RPC, a message per line on
 * stdio): what a test checks jev's files against, instead of jev's idea of how Codex reads them.
 */

/** One handler as Codex's `hooks/list` reports it (the fields tests look at). */
export interface CodexHook {
  key: string;
  eventName: string;
  command: string;
  timeoutSec: number;
  currentHash: string;
  trustStatus: "trusted" | "untrusted" | "modified" | string;
}

export interface CodexAppServer {
  request<T>(method: string, params: object): Promise<T>;
  hooks(cwd: string): Promise<CodexHook[]>;
  close(): void;
}

/** Start `codex app-server` with this CODEX_HOME and HOME, and say hello. */
export async function codexAppServer(codexBin: string, env: { CODEX_HOME: string; HOME: string }): Promise<CodexAppServer> {
  const child = spawn(codexBin, ["app-server"], { env: agentEnv(env), stdio: ["pipe", "pipe", "ignore"] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    let message: { id?: number; result?: unknown; error?: { message: string } };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const waiter = message.id !== undefined ? waiting.get(message.id) : undefined;
    if (!waiter) return;
    waiting.delete(message.id as number);
    if (message.error) waiter.reject(new Error(`codex app-server: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  child.on("exit", () => {
    for (const w of waiting.values()) w.reject(new Error("codex app-server exited"));
    waiting.clear();
  });
  let next = 1;
  const request = <T>(method: string, params: object) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  await request("initialize", { clientInfo: { name: "jev-tests", version: "1" } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "initialized" })}\n`);
  return {
    request,
    async hooks(cwd) {
      const listed = await request<{ data: { hooks: CodexHook[] }[] }>("hooks/list", { cwds: [cwd] });
      return listed.data.flatMap((d) => d.hooks);
    },
    close: () => child.kill("SIGKILL"),
  };
}
