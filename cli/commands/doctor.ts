import fs from "node:fs";
import path from "node:path";
import { getDb } from "../../db/client";
import { shownToken, tokenSources } from "../../lib/auth/api-token";
import { loadConfig } from "../../lib/config";
import { claudeCodeMcpSetup, claudeCodeSetup, codexMcpSetup, codexSetup, geminiMcpSetup, hermesSetup } from "../../lib/doctor/agent-setups";
import { type Finding, runDoctor } from "../../lib/doctor/run-doctor";
import { probeServer } from "../../lib/doctor/server-probe";
import { readHermesSkillsConfig } from "../../lib/hermes/config-yaml";
import { isHttpUrl, serverToReach } from "../../lib/integrations/server-url";
import { parseFlags, UsageError } from "../usage";

const MARK: Record<Finding["verdict"], string> = { ok: "ok  ", warn: "warn", fail: "FAIL", skip: " -  " };

/**
 * `jev doctor [--url URL] [--json]`: why no hint? Checks the server, this
 * shell's token, each agent's set-up against the server, the roots requests
 * left out and Hermes's platform lists. Changes nothing. Exit 1 when any
 * check fails.
 */
export async function doctorCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { url: { type: "string" }, json: { type: "boolean" } });
  if (flags.url !== undefined && !isHttpUrl(flags.url)) throw new UsageError("--url must be an http:// or https:// address");
  const config = loadConfig();
  const { url, from } = serverToReach(flags.url, config);
  const token = config.apiToken ?? (await shownToken(getDb(), tokenSources(config)));
  const codexHome = path.resolve(process.env.CODEX_HOME || path.join(config.home, ".codex"));
  const findings = await runDoctor({
    url,
    urlFrom: from,
    token,
    setups: [claudeCodeSetup(config.home), codexSetup(codexHome), hermesSetup(config.hermesHome)],
    mcpSetups: [claudeCodeMcpSetup(config.home), codexMcpSetup(codexHome), geminiMcpSetup(config.home)].filter((s) => s !== null),
    exists: (file) => fs.existsSync(file),
    hermesSkills: readHermesSkillsConfig(config.hermesHome),
    hermesPlatform: process.env.HERMES_PLATFORM || undefined,
    now: Date.now(),
    probe: probeServer,
  });
  if (flags.json) out(JSON.stringify({ server: url, findings }));
  else
    for (const f of findings) {
      out(`${MARK[f.verdict]}  ${f.check.padEnd(15)} ${f.line}`);
      if (f.fix && f.verdict !== "ok") out(`${" ".repeat(18)}→ ${f.fix}`);
    }
  return findings.some((f) => f.verdict === "fail") ? 1 : 0;
}
