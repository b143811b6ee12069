import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { authHeaders, E2E } from "./support/env";

const script = path.resolve("integrations/recipes/jev-hook.sh");
/** Run the README's hook recipe as an agent would: payload on stdin, our server in the environment. */
function hook(payload: object, token = E2E.token): string {
  return execFileSync("sh", [script], {
    input: JSON.stringify(payload),
    env: { ...process.env, JEV_URL: E2E.baseURL, JEV_API_TOKEN: token },
    encoding: "utf8",
  });
}

/** The skill a hook's output names, or null when it printed nothing. */
function named(out: string): string | null {
  if (!out.trim()) return null;
  const body = JSON.parse(out);
  const text: string = body.context ?? body.hookSpecificOutput.additionalContext;
  return text.match(/"([^"]+)"/)![1];
}

/** Hermes's post_tool_call payload for a skill_view of a whole skill. */
const skillView = (session: string, name: string, success: boolean) =>
  hook({
    hook_event_name: "post_tool_call",
    session_id: session,
    tool_name: "skill_view",
    tool_input: { name },
    extra: { result: JSON.stringify({ success }) },
  });

test.describe("the hook recipe (integrations/recipes/jev-hook.sh) against the running server", () => {
  test("Claude Code: suggests before the turn, reports the load after the Skill tool, and that session is not told again", async ({ request }) => {
    const prompt = { hook_event_name: "UserPromptSubmit", session_id: "claude-1", prompt: "set up a stripe payment webhook for subscriptions" };
    const out = hook(prompt);
    expect(JSON.parse(out).hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    const skill = named(out)!;
    expect(skill).toContain("stripe");
    expect(hook({ hook_event_name: "PostToolUse", session_id: "claude-1", tool_name: "Skill", tool_input: { skill } })).toBe("");
    expect(named(hook(prompt))).not.toBe(skill);
    // The second decision says why: rule 1 saw the reported load.
    const list = await (await request.get("/api/decisions?session=claude-1", { headers: authHeaders })).json();
    expect(list.decisions[0]).toMatchObject({ agent: "claude-code", reports_loads: true });
    const second = await (await request.get(`/api/decisions/${list.decisions[0].id}`, { headers: authHeaders })).json();
    expect(second.candidates.find((c: { name: string }) => c.name === skill)?.verdict).toBe("already_loaded");
  });

  test("Hermes shell hooks: context before the turn; only a successful skill_view counts as a load", async ({ request }) => {
    const turn = { hook_event_name: "pre_llm_call", session_id: "hermes-1", extra: { user_message: "deploy my app to vercel" } };
    const skill = named(hook(turn));
    expect(skill).toBe("deploy-to-vercel");
    skillView("hermes-1", skill!, false);
    expect(named(hook(turn))).toBe(skill);
    skillView("hermes-1", skill!, true);
    expect(named(hook(turn))).not.toBe(skill);
    const detail = await (await request.get("/api/decisions?session=hermes-1&limit=1", { headers: authHeaders })).json();
    expect(detail.decisions[0].agent).toBe("hermes");
  });

  test("fails open: a wrong token, a dead server or a broken payload print nothing and exit 0", () => {
    expect(hook({ hook_event_name: "UserPromptSubmit", session_id: "x", prompt: "deploy my app to vercel" }, "wrong-token")).toBe("");
    expect(execFileSync("sh", [script], { input: "{not json", env: { ...process.env, JEV_URL: E2E.baseURL }, encoding: "utf8" })).toBe("");
    const dead = execFileSync("sh", [script], {
      input: JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: "x", prompt: "deploy my app to vercel" }),
      env: { ...process.env, JEV_URL: "http://127.0.0.1:9", JEV_API_TOKEN: E2E.token },
      encoding: "utf8",
    });
    expect(dead).toBe("");
  });
});
