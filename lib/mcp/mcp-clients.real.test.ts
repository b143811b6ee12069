import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import { matchDirectRoute, serveDirect } from "../../server/direct-routes";
import { agentEnv, agentTurn, claudeEnv, codexExecArgs } from "../testing/agents/agent-turn";
import { fakeGeminiApi } from "../testing/agents/fake-gemini-api";
import { fakeMessagesApiCalling } from "../testing/agents/fake-messages-api";
import { fakeResponsesApiCalling } from "../testing/agents/fake-responses-api";
import { pinnedAgentBin } from "../testing/agents/pinned-agent";
import { tempDir, writeSkill } from "../testing/factories";

/*
 * jev's MCP server inside the real clients (issue 53): Claude Code 2.1.197, Codex 0.171.0 and Gemini CLI 0.61.0, from
 * npm, each set up by `jev integrate <client> --mcp`, each reading its own config back, and each running one turn
 * against a loopback fake of its model API whose model calls pick_skill. What the model is given back must hold the
 * SKILL.md as it is (its lines, not `\n`-escaped), once.
 */

const TOKEN = "mcp-real-token";
const TURN = "merge these two PDF files into one";
/** The file's body: in what the model reads, its lines must be lines. */
const BODY = "# PDF tools\n\nMerge with `qpdf --empty --pages a.pdf b.pdf -- out.pdf`.\nThen check the page count.\n";
const MARK = "qpdf --empty --pages";

/** Every string in a model request: tool results arrive as strings somewhere inside it. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** How the model saw the file across a turn's requests: the strings holding it, read as the model reads them. */
function fileAsSeen(requests: string[]): string[] {
  const last = requests.filter((r) => r.includes(MARK)).at(-1);
  return last ? strings(JSON.parse(last)).filter((s) => s.includes(MARK)) : [];
}

describe("jev's MCP server in the real clients", { timeout: 300_000 }, () => {
  const tmp = tempDir("jev-mcp-real-");
  const home = path.join(tmp.dir, "home");
  const hermesHome = path.join(home, ".hermes");
  let server: http.Server;
  let port: number;

  const integrate = async (client: string, extra: Record<string, string> = {}) => {
    for (const [k, v] of Object.entries(extra)) vi.stubEnv(k, v);
    const said: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await main(["integrate", client, "--mcp"], (l) => said.push(l))).toBe(0);
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    for (const [k, v] of Object.entries({ HOME: home, HERMES_HOME: hermesHome, JEV_DB: path.join(tmp.dir, "jev.db"), JEV_API_TOKEN: TOKEN })) vi.stubEnv(k, v);
    writeSkill(path.join(hermesHome, "skills"), "pdf-tools", "Merge, split and extract text and tables from PDF files.", { body: `\n${BODY}` });
    writeSkill(path.join(hermesHome, "skills"), "slides", "Make PowerPoint slide decks (.pptx).");
    server = http.createServer((req, res) => {
      const match = matchDirectRoute(req.method ?? "", req.url ?? "");
      if (!match) return void res.writeHead(404).end();
      void serveDirect(req, match, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    vi.stubEnv("PORT", String(port));
    fs.mkdirSync(path.join(home, "work"), { recursive: true });
  });
  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
    tmp.cleanup();
  });

  const expectFileAsItIs = (seen: string[]) => {
    expect(seen, "the model was given the file").toHaveLength(1);
    expect(seen[0]).toContain(BODY); // its lines as lines: not JSON-escaped inside the text
    expect(seen[0].split(MARK)).toHaveLength(2); // once
  };

  it("Codex: `codex mcp get` reads jev's entry back, and the model reads the SKILL.md as it is", async () => {
    const codex = pinnedAgentBin("codex");
    const codexHome = path.join(home, ".codex");
    await integrate("codex", { CODEX_HOME: codexHome });
    const env = agentEnv({ HOME: home, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-fake" });
    const got = await agentTurn(codex, ["mcp", "get", "jev", "--json"], { env, cwd: path.join(home, "work") });
    const entry = JSON.parse(got.stdout);
    expect(entry.transport).toMatchObject({ type: "stdio", command: process.execPath });
    expect(entry.transport.args).toEqual([
      expect.stringMatching(/bin\/jev\.mjs$/),
      "mcp",
      "--url",
      `http://127.0.0.1:${port}`,
      "--token-file",
      expect.any(String),
    ]);

    const model = await fakeResponsesApiCalling((body) => {
      const tools = (JSON.parse(body).tools ?? []) as { type?: string; name?: string; tools?: { name?: string }[] }[];
      const spaced = tools.find((t) => t.type === "namespace" && t.tools?.some((f) => f.name?.endsWith("pick_skill")));
      const plain = tools.find((t) => t.name?.endsWith("pick_skill"));
      if (spaced) return { name: spaced.tools!.find((f) => f.name?.endsWith("pick_skill"))!.name!, namespace: spaced.name, arguments: { turn: TURN } };
      return plain ? { name: plain.name!, arguments: { turn: TURN } } : null;
    });
    try {
      const turn = await agentTurn(
        codex,
        codexExecArgs(model.port, TURN).filter((a) => a !== "--dangerously-bypass-hook-trust"),
        {
          cwd: path.join(home, "work"),
          env,
        },
      );
      expect(turn.status, turn.stderr.slice(-2000)).toBe(0);
      expectFileAsItIs(fileAsSeen(model.requests));
    } finally {
      model.close();
    }
  });

  it("Claude Code: `claude mcp get` reads jev's entry back, and the model reads the SKILL.md as it is", async () => {
    const claude = pinnedAgentBin("claude-code");
    await integrate("claude-code");
    const env = claudeEnv(home, 9); // no model for `mcp get`
    // Asynchronously, as every client run here: it checks the server, which answers from this process's event loop.
    const got = await agentTurn(claude, ["mcp", "get", "jev"], { env, cwd: path.join(home, "work") });
    expect(got.stdout).toMatch(/Status: \S+ Connected/);
    expect(got.stdout).toMatch(/Type: stdio/);
    expect(got.stdout).toContain("bin/jev.mjs mcp --url");

    const PICK = "mcp__jev__pick_skill";
    const model = await fakeMessagesApiCalling((body) =>
      ((JSON.parse(body).tools ?? []) as { name?: string }[]).some((t) => t.name === PICK) ? { name: PICK, input: { turn: TURN } } : null,
    );
    try {
      const turn = await agentTurn(claude, ["-p", TURN], { cwd: path.join(home, "work"), env: claudeEnv(home, model.port) });
      expect(turn.status, turn.stderr.slice(-2000)).toBe(0);
      expectFileAsItIs(fileAsSeen(model.requests));
    } finally {
      model.close();
    }
  });

  it("Gemini CLI: `gemini mcp list` reads jev's entry back, and the model reads the SKILL.md as it is", async () => {
    const gemini = pinnedAgentBin("gemini");
    await integrate("gemini");
    const work = path.join(home, "work");
    fs.writeFileSync(path.join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [work]: "TRUST_FOLDER" }));
    const settingsFile = path.join(home, ".gemini", "settings.json");
    const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
    fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, security: { auth: { selectedType: "gemini-api-key" } } }));
    const model = await fakeGeminiApi((body) => {
      const names = ((JSON.parse(body).tools ?? []) as { functionDeclarations?: { name?: string }[] }[]).flatMap((t) =>
        (t.functionDeclarations ?? []).map((f) => f.name ?? ""),
      );
      const pick = names.find((n) => n.endsWith("pick_skill"));
      return pick ? { name: pick, args: { turn: TURN } } : null;
    });
    try {
      const env = agentEnv({ HOME: home, GEMINI_API_KEY: "fake-key", GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${model.port}` });
      const listed = await agentTurn(gemini, ["mcp", "list"], { cwd: work, env });
      expect(`${listed.stdout}\n${listed.stderr}`).toMatch(/jev:.*bin\/jev\.mjs mcp --url.*Connected/);
      const turn = await agentTurn(gemini, ["-p", TURN], { cwd: work, env });
      expect(turn.status, turn.stderr.slice(-2000)).toBe(0);
      expectFileAsItIs(fileAsSeen(model.requests));
    } finally {
      model.close();
    }
  });
});
