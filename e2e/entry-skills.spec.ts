import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { authHeaders, E2E } from "./support/env";

/**
 * Domain entry skills end to end: the server's rules file names an entry
 * skill, the Claude Code hook script asks as Claude Code would, and the
 * Overview shows the configuration and its hints. The skills live in the
 * server user's ~/.claude/skills, so the Overview's default catalog has them.
 */
const script = path.resolve("integrations/claude-code/jev_hook.py");
const skillsDir = path.join(E2E.home, ".claude", "skills");
const rulesFile = path.join(E2E.hermesHome, "jev", "rules.json");
const ours = ["blender-start", "blender-render", "blender-nodes"];

function hook(event: object) {
  const r = spawnSync("python3", [script], {
    input: JSON.stringify(event),
    encoding: "utf8",
    env: { ...process.env, HOME: E2E.home, JEV_URL: E2E.baseURL, JEV_API_TOKEN: E2E.token, JEV_HOOK_TIMEOUT: "" },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout ? (JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string) : null;
}
const prompt = (text: string, session: string) => ({ hook_event_name: "UserPromptSubmit", session_id: session, cwd: E2E.home, prompt: text });

function writeSkill(name: string, description: string, related?: string[]) {
  fs.mkdirSync(path.join(skillsDir, name), { recursive: true });
  const meta = related ? `metadata:\n  hermes:\n    related_skills: [${related.join(", ")}]\n` : "";
  fs.writeFileSync(path.join(skillsDir, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${meta}---\n# ${name}\n`);
}

test.beforeAll(() => {
  writeSkill("blender-start", "Start here for Blender work: scenes, objects and the bpy API.", ["blender-render", "blender-nodes", "blender-ghost"]);
  writeSkill("blender-render", "Render scenes with Cycles or Eevee: samples, resolution and output formats.");
  writeSkill("blender-nodes", "Build geometry nodes and shader node trees.");
});

test.afterAll(() => {
  fs.rmSync(rulesFile, { force: true });
  for (const name of ours) fs.rmSync(path.join(skillsDir, name), { recursive: true, force: true });
});

test("with no entry skills configured, the Skills page says how to add one", async ({ page }) => {
  fs.rmSync(rulesFile, { force: true });
  await page.goto("/skills");
  await expect(page.getByTestId("entry-skills-empty")).toContainText('"entry_skills"');
  await expect(page.getByTestId("entry-skills-empty")).toContainText(rulesFile);
});

test("a Blender turn is hinted the entry skill first; once loaded, its related skills come next; the Skills page counts them", async ({ page, request }) => {
  fs.writeFileSync(rulesFile, JSON.stringify({ entry_skills: { "blender-start": ["blender", "bpy"], "sketchup-start": ["sketchup"] } }));
  const session = `entry-${Date.now()}`;
  expect(hook(prompt("model a low-poly donut in Blender", session))).toContain('"blender-start"');
  expect(hook(prompt("thanks!", session))).toBeNull(); // the gate still skips routine turns
  hook({ hook_event_name: "PostToolUse", session_id: session, tool_name: "Skill", tool_input: { skill: "blender-start" }, tool_response: {} });
  expect(hook(prompt("render the blender scene at 4k with cycles", session))).toContain('"blender-render"');
  expect(hook(prompt("now scatter sprinkles on it in blender", session))).toContain('"blender-nodes"');

  // ~/.claude/skills is new to this server (beforeAll made it), and the default roots are re-resolved
  // at most every 2 s (ROOTS_TTL_MS in lib/catalog/roots.ts): the page may need a reload to show it.
  const row = page.getByTestId("entry-skill-row").filter({ hasText: "blender-start" });
  await expect(async () => {
    await page.goto("/skills");
    await expect(row).toContainText(path.join(skillsDir, "blender-start", "SKILL.md"), { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText("blender, bpy");
  await expect(row.getByRole("cell").last()).toHaveText("1 hinted, 1 loaded");
  await expect(row.getByRole("listitem").filter({ hasText: "blender-render" })).toContainText("1 hinted, 0 loaded");
  await expect(row.getByRole("listitem").filter({ hasText: "blender-ghost" })).toContainText("not in the catalog");
  await expect(page.getByTestId("entry-skill-row").filter({ hasText: "sketchup-start" })).toContainText("not in the catalog");

  // The decision says how its suggestion was chosen.
  const listed = await request.get(`/api/decisions?session=${session}`, { headers: authHeaders });
  const decisions = (await listed.json()).decisions as { id: number; suggested: { name: string; via?: string } | null }[];
  const entry = decisions.find((d) => d.suggested?.name === "blender-start")!;
  expect(entry.suggested).toMatchObject({ via: "entry_skill", match: 1 });
  await page.goto(`/decisions/${entry.id}`);
  await expect(page.getByTestId("suggested")).toContainText("Domain entry skill");
});

test("a rules file with a bad entry is reported on the Skills page, and the defaults apply", async ({ page }) => {
  fs.writeFileSync(rulesFile, JSON.stringify({ entry_skills: { "blender-start": ["the"] } }));
  await page.goto("/skills");
  await expect(page.getByTestId("entry-skills-problem")).toContainText("entry_skills.blender-start.0");
});
