import { DAY_MS, HOUR_MS, MINUTE_MS } from "../base/time";
import type { HermesSkillsConfig } from "../hermes/config-yaml";
import type { ServerFacts } from "../services/doctor";
import { MCP_CLIENT_LABELS } from "../vocab/mcp-clients";
import { SKILL_SOURCE_LABELS } from "../vocab/skill-sources";
import type { AgentSetup, McpSetup } from "./agent-setups";
import type { ServerProbe } from "./server-probe";

/** `ok` fine, `warn` works but something is off, `fail` a hint cannot reach the agent, `skip` not set up here. */
export type Verdict = "ok" | "warn" | "fail" | "skip";

export interface Finding {
  check: string;
  verdict: Verdict;
  line: string;
  /** The one next step, when there is one. */
  fix?: string;
}

export interface DoctorInput {
  /** The server to check, and where that URL came from. */
  url: string;
  urlFrom: "--url" | "the running server's file" | "HOST and PORT";
  /** The token this shell would send (JEV_API_TOKEN, or the generated one's file); null when none can be shown. */
  token: string | null;
  setups: readonly AgentSetup[];
  /** MCP clients `jev integrate <client> --mcp` set up here (only those: a client without jev is not a problem). */
  mcpSetups?: readonly McpSetup[];
  /** Whether a file exists (the `jev mcp` an MCP client starts). */
  exists?: (file: string) => boolean;
  /** Hermes's `skills:` section and the platform this shell would give Hermes (HERMES_PLATFORM). */
  hermesSkills: HermesSkillsConfig | null;
  hermesPlatform: string | undefined;
  now: number;
  probe: (url: string, token: string | null) => Promise<ServerProbe>;
}

/** How long ago, as a person says it. */
function ago(at: number, now: number): string {
  const ms = Math.max(0, now - at);
  if (ms < MINUTE_MS) return "just now";
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)} h ago`;
  return `${Math.floor(ms / DAY_MS)} days ago`;
}

/** What the hooks and the plugin ask when no URL was written for them (their own default). */
const AGENT_DEFAULT_URL = "http://127.0.0.1:3000";

/**
 * "Why no hint?", answered: is the server up and does this shell's token work;
 * for each agent set up here, does its hook reach that server with a token it
 * takes, has jev heard from it, and (Codex) did the user trust the hooks; which
 * roots requests left out; whether Hermes's platform_disabled can apply.
 */
export async function runDoctor(input: DoctorInput): Promise<Finding[]> {
  const findings: Finding[] = [];
  const server = await input.probe(input.url, input.token);
  if (!server.up) {
    findings.push({
      check: "server",
      verdict: "fail",
      line: `no jev server answers at ${input.url} (from ${input.urlFrom})`,
      fix: "start it (npm start in jev's folder), or name it with --url",
    });
  } else if (server.token === "rejected") {
    findings.push({
      check: "token",
      verdict: "fail",
      line: `the server at ${input.url} rejects this shell's token`,
      fix: "it was started with another JEV_API_TOKEN: set that one here (or `npx jev token` in the server's own environment)",
    });
  } else if (server.token === "none") {
    findings.push({ check: "token", verdict: "fail", line: "this shell has no token to send", fix: "set JEV_API_TOKEN, or `npx jev token --new`" });
  } else {
    const facts = server.facts;
    findings.push({
      check: "server",
      verdict: "ok",
      line: `${input.url} answers${facts ? `: ${facts.skills} skills, ${facts.judge.kind} judge` : ""}`,
    });
    const encoder = facts?.judge.encoder;
    if (encoder) findings.push(encoderFinding(encoder));
    if (facts && facts.skills === 0) {
      findings.push({
        check: "skills",
        verdict: "warn",
        line: facts.overBudget
          ? "the default roots are over the walk budget: nothing is ranked"
          : `no skills found: looked in ${(facts.lookedIn ?? facts.roots ?? []).join(", ")}`,
        fix: "put skills (folders with a SKILL.md) in one of those, or try the demo: npm run demo",
      });
    }
  }
  const facts = server.up && server.token === "accepted" ? server.facts : null;
  for (const setup of input.setups) findings.push(...(await agentFindings(setup, input, server, facts)));
  for (const setup of input.mcpSetups ?? []) findings.push(await mcpFinding(setup, input));
  for (const root of facts?.leftOutRoots ?? []) {
    findings.push({
      check: "roots",
      verdict: "warn",
      line: `${root.root} was left out of ${root.requests} request(s), last ${ago(root.lastAt, input.now)}: ${root.why}`,
      fix: "to read it, add it to JEV_ALLOWED_ROOTS and restart the server",
    });
  }
  findings.push(...platformFindings(input));
  return findings;
}

async function agentFindings(setup: AgentSetup, input: DoctorInput, server: ServerProbe, facts: ServerFacts | null): Promise<Finding[]> {
  const name = SKILL_SOURCE_LABELS[setup.agent];
  const check = setup.agent;
  if (!setup.installed) return [{ check, verdict: "skip", line: `${name}: not set up (${setup.where})`, fix: `npx jev integrate ${setup.agent}` }];
  const out: Finding[] = [];
  const url = (setup.url ?? AGENT_DEFAULT_URL).replace(/\/+$/, "");
  const reached = await input.probe(url, setup.token);
  if (!reached.up) {
    out.push({
      check,
      verdict: "fail",
      line: `${name} asks ${url}, where no jev server answers${server.up && url !== input.url ? ` (the server is at ${input.url})` : ""}`,
      fix: `npx jev integrate ${setup.agent} (it finds the running server's port)`,
    });
  } else if (reached.token !== "accepted") {
    out.push({
      check,
      verdict: "fail",
      line: `${name}'s ${setup.token ? "token is rejected" : "hook sends no token, so it is refused"} by the server at ${url}`,
      fix: `npx jev integrate ${setup.agent}, in the environment the server was started with (its JEV_API_TOKEN)`,
    });
  } else {
    out.push({ check, verdict: "ok", line: `${name} reaches ${url} with a token it takes` });
  }
  if (setup.timeoutUnread) {
    out.push({
      check,
      verdict: "warn",
      line: "jev's Codex hooks were written by an older jev, with a timeout key Codex does not read: a stalled hook could hold a turn for 600 s",
      fix: "npx jev integrate codex, then trust the hooks again in codex (it asks at its next start, or /hooks)",
    });
  }
  if (setup.trust === "untrusted" || setup.trust === "outdated") {
    out.push({
      check,
      verdict: "warn",
      line:
        setup.trust === "outdated"
          ? "jev's hooks changed since Codex trusted them: Codex does not run them until you trust them again"
          : "Codex has not trusted jev's hooks: it does not run them until you do",
      fix: "start codex and trust them when it asks (or /hooks in codex)",
    });
  }
  if (facts) {
    const seen = facts.agents.find((a) => a.agent === setup.agent);
    out.push(
      seen
        ? { check, verdict: "ok", line: `last heard from ${name} ${ago(seen.lastAt, input.now)} (${seen.turns} turns)` }
        : {
            check,
            verdict: "warn",
            line: `jev has not heard from ${name} yet`,
            fix: `send a prompt in ${name}; if it still says this, its hook is not running`,
          },
    );
  }
  return out;
}

/** An MCP client's `jev mcp`: is it still where the client starts it, and does its relay reach a server that takes its token? */
async function mcpFinding(setup: McpSetup, input: DoctorInput): Promise<Finding> {
  const name = `${MCP_CLIENT_LABELS[setup.client]} (MCP)`;
  const check = `${setup.client}-mcp`;
  const fix = `npx jev integrate ${setup.client} --mcp`;
  if (!setup.bin || !(input.exists ?? (() => true))(setup.bin))
    return { check, verdict: "fail", line: `${name} starts jev from ${setup.bin ?? "nowhere"}, which is not there (the checkout moved?)`, fix };
  const url = (setup.url ?? AGENT_DEFAULT_URL).replace(/\/+$/, "");
  const reached = await input.probe(url, setup.token);
  if (!reached.up) return { check, verdict: "fail", line: `${name} relays to ${url}, where no jev server answers`, fix };
  if (reached.token !== "accepted")
    return {
      check,
      verdict: "fail",
      line: `${name}'s ${setup.token ? "token is rejected" : "token file is missing, so it is refused"} by the server at ${url}`,
      fix,
    };
  return { check, verdict: "ok", line: `${name} relays to ${url} with a token it takes (${setup.where})` };
}

/** Hermes applies `skills.platform_disabled` only on a platform it knows; its CLI sets none. */
function platformFindings(input: DoctorInput): Finding[] {
  const lists = input.hermesSkills ? Object.entries(input.hermesSkills.platformDisabled).filter(([, names]) => names.length > 0) : [];
  if (lists.length === 0 || input.hermesPlatform) return [];
  return [
    {
      check: "hermes",
      verdict: "warn",
      line: `skills.platform_disabled lists skills for ${lists.map(([p]) => p).join(", ")}, but no platform is set (HERMES_PLATFORM): Hermes's CLI loads them anyway, so jev offers them`,
      fix: "to hide a skill everywhere, list it in skills.disabled",
    },
  ];
}

/** The local judge's sentence encoder as the server has it: ready, on its way, or not there. */
function encoderFinding(encoder: NonNullable<ServerFacts["judge"]["encoder"]>): Finding {
  const check = "encoder";
  switch (encoder.state) {
    case "ready":
      return { check, verdict: "ok", line: `sentence encoder ready (${encoder.model}, ${encoder.total} skill texts)` };
    case "building":
      return {
        check,
        verdict: "warn",
        line: `sentence encoder building skill vectors${encoder.total ? ` (${encoder.done} of ${encoder.total})` : ""}: the lexical judge answers alone meanwhile`,
        fix: "wait: a thousand skills take about a minute, and a restart reuses them",
      };
    case "loading":
      return { check, verdict: "warn", line: "sentence encoder loading: the lexical judge answers alone meanwhile", fix: "wait a few seconds" };
    case "failed":
      return {
        check,
        verdict: "fail",
        line: "the sentence encoder could not load: the lexical judge answers alone",
        fix: "reinstall (npm install) so onnxruntime-node and models/ are whole (or, with JEV_ENCODER_MODEL, rebuild that folder); or set JEV_ENCODER=off to stop trying",
      };
    case "off":
      return { check, verdict: "skip", line: "sentence encoder off (JEV_ENCODER=off): the lexical judge answers alone" };
  }
}
