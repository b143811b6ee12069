import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { claudeCodeMcpSetup, claudeCodeSetup, codexMcpSetup, codexSetup, geminiMcpSetup, hermesSetup } from "./agent-setups";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir("jev-setups-");
});
afterEach(() => tmp.cleanup());

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
const jevHook = { type: "command", command: "python3 -I -S '/x/integrations/claude-code/jev_hook.py'", timeout: 5 };
const jevHooks = JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [jevHook] }] } });

describe("agent set-ups as their files say", () => {
  it("Claude Code: jev's hook in settings.json, and the URL and token integrate wrote", () => {
    expect(claudeCodeSetup(tmp.dir)).toMatchObject({ installed: false, url: null, token: null });
    write(path.join(tmp.dir, ".claude", "settings.json"), jevHooks);
    write(path.join(tmp.dir, ".claude", "jev", "url"), "http://127.0.0.1:3100\n");
    write(path.join(tmp.dir, ".claude", "jev", "token"), "jev_abc\n");
    expect(claudeCodeSetup(tmp.dir)).toMatchObject({ installed: true, url: "http://127.0.0.1:3100", token: "jev_abc", trust: null });
    write(path.join(tmp.dir, ".claude", "settings.json"), "{not json");
    expect(claudeCodeSetup(tmp.dir).installed).toBe(false);
  });

  it("Codex: trusted only when config.toml's hooks.state holds a trusted_hash for each of jev's handlers, by Codex's positional key", () => {
    const codex = path.join(tmp.dir, ".codex");
    const hooks = path.join(codex, "hooks.json");
    const theirs = { hooks: [{ type: "command", command: "./audit.sh" }] };
    write(hooks, JSON.stringify({ hooks: { UserPromptSubmit: [theirs, { hooks: [jevHook] }] } }));
    expect(codexSetup(codex)).toMatchObject({ installed: true, trust: "untrusted", timeoutUnread: false });
    write(path.join(codex, "config.toml"), `[hooks.state."/elsewhere/hooks.json:user_prompt_submit:1:0"]\ntrusted_hash = "sha256:1"\n`);
    expect(codexSetup(codex).trust).toBe("untrusted");
    write(path.join(codex, "config.toml"), `model = "x"\n[hooks.state."${hooks}:user_prompt_submit:1:0"]\nenabled = true\n[other]\ntrusted_hash = "no"\n`);
    expect(codexSetup(codex).trust).toBe("untrusted");
    write(path.join(codex, "config.toml"), `[hooks.state."${hooks}:user_prompt_submit:0:0"]\ntrusted_hash = "sha256:2"\n`);
    expect(codexSetup(codex).trust).toBe("untrusted"); // the user's own hook, not jev's
    write(path.join(codex, "config.toml"), `[hooks.state."${hooks}:user_prompt_submit:1:0"]\ntrusted_hash = "sha256:2"\n`);
    expect(codexSetup(codex).trust).toBe("trusted");
    // The hash stood when jev last changed its hooks: the trust is of the old hooks.
    write(path.join(codex, "jev", "superseded-trust"), "sha256:2\n");
    expect(codexSetup(codex).trust).toBe("outdated");
  });

  it("Codex: a jev hook written with `timeoutSec` (an older jev) sets no timeout Codex reads", () => {
    const codex = path.join(tmp.dir, ".codex");
    const { timeout: _t, ...older } = jevHook;
    write(path.join(codex, "hooks.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ ...older, timeoutSec: 5 }] }] } }));
    expect(codexSetup(codex).timeoutUnread).toBe(true);
  });

  it("Hermes: the plugin folder, and JEV_URL and JEV_API_TOKEN from its .env (quotes taken off)", () => {
    const hermes = path.join(tmp.dir, ".hermes");
    write(path.join(hermes, "plugins", "jev", "__init__.py"), "");
    write(path.join(hermes, ".env"), `OTHER=1\nexport JEV_URL="http://10.0.0.2:3000"\nJEV_API_TOKEN='jev_q'\n`);
    expect(hermesSetup(hermes)).toMatchObject({ installed: true, url: "http://10.0.0.2:3000", token: "jev_q" });
  });

  it("MCP clients: jev's `jev mcp --url … --token-file …` entry, as `jev integrate <client> --mcp` writes it", () => {
    expect(claudeCodeMcpSetup(tmp.dir)).toBeNull();
    expect(codexMcpSetup(path.join(tmp.dir, ".codex"))).toBeNull();
    const tokenFile = path.join(tmp.dir, "mcp-token");
    write(tokenFile, "jev_mcp\n");
    const args = ["/jev/bin/jev.mjs", "mcp", "--url", "http://127.0.0.1:3100", "--token-file", tokenFile];
    write(path.join(tmp.dir, ".claude.json"), JSON.stringify({ mcpServers: { jev: { type: "stdio", command: "/usr/bin/node", args, env: {} } } }));
    expect(claudeCodeMcpSetup(tmp.dir)).toMatchObject({ client: "claude-code", bin: "/jev/bin/jev.mjs", url: "http://127.0.0.1:3100", token: "jev_mcp" });
    write(path.join(tmp.dir, ".codex", "config.toml"), `[mcp_servers.jev]\ncommand = "/usr/bin/node"\nargs = ${JSON.stringify(args)}\n`);
    expect(codexMcpSetup(path.join(tmp.dir, ".codex"))).toMatchObject({ client: "codex", url: "http://127.0.0.1:3100", token: "jev_mcp" });
    write(path.join(tmp.dir, ".gemini", "settings.json"), JSON.stringify({ mcpServers: { jev: { command: "/usr/bin/node", args, trust: true } } }));
    expect(geminiMcpSetup(tmp.dir)).toMatchObject({ client: "gemini", url: "http://127.0.0.1:3100", token: "jev_mcp" });
    // An entry named jev that jev did not write (another server), or a file that does not parse: not jev's set-up.
    write(path.join(tmp.dir, ".claude.json"), JSON.stringify({ mcpServers: { jev: { command: "other", args: ["serve"] } } }));
    expect(claudeCodeMcpSetup(tmp.dir)).toBeNull();
    write(path.join(tmp.dir, ".codex", "config.toml"), "[mcp_servers.jev\n");
    expect(codexMcpSetup(path.join(tmp.dir, ".codex"))).toBeNull();
  });
});
