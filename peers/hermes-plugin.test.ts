import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../lib/config";
import { PINNED_PYTHON, pinnedPythonBin } from "../lib/testing/agents/pinned-python";
import { type RecordingServer, recordingServer } from "../lib/testing/agents/recording-server";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * jev's Hermes plugin inside the real Hermes (hermes-agent from PyPI, pinned): `jev integrate hermes` sets it up in a
 * fresh home, then `hermes -z` answers turns against a loopback fake of an OpenAI-compatible model. The fake model
 * loads the skill a hint names (a streamed `skill_view` tool call, which Hermes runs) and answers in plain text
 * otherwise. Nothing but the fake and jev's server is reached.
 */
const TOKEN = "peers-hermes-plugin-token";
const PORT = 3383;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-peers-hermes-plugin-"));
const userHome = path.join(dir, "user");
let hermes: { bin: string; python: string; installMs: number };
let server: ServerProcess;
let model: RecordingServer;
let hermesHome = "";

type Message = { role: string; content?: string | null; tool_calls?: unknown[] };
const chatRequests = () => model.requests.filter((b) => b.includes('"messages"')).map((b) => JSON.parse(b) as { messages: Message[] });
const lastUser = (r: { messages: Message[] }) => r.messages.filter((m) => m.role === "user").at(-1)?.content ?? "";

/** A chat-completions stream: a skill_view call when the turn carries jev's hint, plain text otherwise. */
function fakeModel(url: string, body: string, res: import("node:http").ServerResponse): void {
  if (!url.endsWith("/chat/completions")) {
    res.writeHead(404, { "content-type": "application/json" }).end("{}");
    return;
  }
  const messages = (JSON.parse(body) as { messages: Message[] }).messages;
  const hinted = /skill_view\(name="([^"]+)"\)/.exec(messages.at(-1)?.role === "user" ? (messages.at(-1)?.content ?? "") : "");
  const chunk = (delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({ id: "fake", object: "chat.completion.chunk", created: 0, model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { "content-type": "text/event-stream" });
  if (hinted) {
    const call = { index: 0, id: "call_1", type: "function", function: { name: "skill_view", arguments: JSON.stringify({ name: hinted[1] }) } };
    res.write(chunk({ role: "assistant", tool_calls: [call] }, null));
    res.write(chunk({}, "tool_calls"));
  } else {
    res.write(chunk({ role: "assistant", content: "Done." }, null));
    res.write(chunk({}, "stop"));
  }
  res.end("data: [DONE]\n\n");
}

/** A clean environment: PATH, and the homes (ProcessEnv's type wants NODE_ENV, which Hermes never reads). */
const cleanEnv = () => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: userHome, HERMES_HOME: hermesHome }) as unknown as NodeJS.ProcessEnv;

/**
 * Hermes as a user runs it, with nothing of this process's environment but PATH. Not spawnSync: the fake model
 * answers from this process's event loop.
 */
function hermesTurn(prompt: string): Promise<{ status: number | null; out: string }> {
  const child = spawn(hermes.bin, ["-z", prompt], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"], // a piped stdin is read as more of the prompt: Hermes would wait for its end
    timeout: 180_000,
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, out })));
}

async function api(route: string): Promise<unknown> {
  const r = await fetch(`http://127.0.0.1:${PORT}${route}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return r.json();
}

beforeAll(async () => {
  hermes = pinnedPythonBin("hermes");
  console.log(`hermes-agent ${PINNED_PYTHON.hermes.version}: ${hermes.installMs ? `installed in ${Math.round(hermes.installMs / 1000)} s` : "from the cache"}`);
  fs.mkdirSync(userHome, { recursive: true });
  model = await recordingServer(fakeModel);
  const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
  hermesHome = env.HERMES_HOME;
  writeSkill(path.join(hermesHome, "skills"), "pdf", "Read, merge, split and fill PDF files", { body: "Merge with pypdf.\n" });
  prepareDb(env);
  server = await startServer(PORT, env);
  const integrate = spawnSync(process.execPath, [path.join(packageRoot(), "bin", "jev.mjs"), "integrate", "hermes"], {
    encoding: "utf8",
    env: { ...process.env, ...env, HOME: userHome, PORT: String(PORT) },
  });
  expect(integrate.status, integrate.stderr).toBe(0);
  // The model: an OpenAI-compatible endpoint on loopback (Hermes's `custom` provider), its key a placeholder.
  fs.appendFileSync(path.join(hermesHome, "config.yaml"), `model:\n  provider: custom\n  base_url: http://127.0.0.1:${model.port}/v1\n  default: fake-model\n`);
  fs.appendFileSync(path.join(hermesHome, ".env"), "OPENAI_API_KEY=sk-fake-for-peers\n");
});

afterAll(async () => {
  await server?.kill();
  model?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`jev's plugin in the real Hermes ${PINNED_PYTHON.hermes.version}`, () => {
  it("on a fresh home's first turn, the hint reaches the model, and the model's skill_view comes back to jev as a load", async () => {
    const turn = await hermesTurn("please merge these two pdf files into one");
    expect(turn.status, turn.out).toBe(0);
    const requests = chatRequests();
    expect(lastUser(requests[0])).toContain('[jev plugin] The skill "pdf" fits this request: load it with skill_view(name="pdf")');
    // Hermes ran the tool and sent its result back; the model then answered.
    expect(requests.at(-1)?.messages.some((m) => m.role === "tool" && String(m.content).includes('"name": "pdf"'))).toBe(true);
    expect(turn.out).toContain("Done.");
    const { decisions } = (await api("/api/decisions?limit=1")) as { decisions: { id: number; agent: string; suggested: { name: string } | null }[] };
    expect(decisions[0]).toMatchObject({ agent: "hermes", suggested: { name: "pdf" } });
    const decision = (await api(`/api/decisions/${decisions[0].id}`)) as { feedback: { skill: string; event: string }[] };
    expect(decision.feedback).toEqual([expect.objectContaining({ skill: "pdf", event: "loaded" })]);
  });

  it("chit-chat reaches the model with no hint", async () => {
    const before = chatRequests().length;
    const turn = await hermesTurn("thanks, that's all for today");
    expect(turn.status, turn.out).toBe(0);
    const asked = chatRequests().slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) expect(lastUser(r)).not.toContain("[jev plugin]");
  });

  it("/jev status answers through Hermes's own plugin loader", () => {
    const script = [
      "from hermes_cli.plugins import discover_plugins, get_plugin_command_handler, resolve_plugin_command_result",
      "discover_plugins()",
      "print(resolve_plugin_command_result(get_plugin_command_handler('jev')('status')))",
    ].join("\n");
    const r = spawnSync(hermes.python, ["-c", script], {
      encoding: "utf8",
      cwd: dir,
      env: cleanEnv(),
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`jev: server http://127.0.0.1:${PORT} answers`);
  });
});
