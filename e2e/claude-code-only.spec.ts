import path from "node:path";
import { expect, test } from "@playwright/test";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * A Claude Code user with no Hermes home: skills under `~/.claude/skills` and
 * a project's `.claude/skills`, turns sent as Claude Code's hook sends them
 * (its roots, `agent: "claude-code"`, `feedback: true`), loads reported. The
 * Skills page lists every skill jev ranked, from both roots, with its
 * suggestions and loads, and each skill's page shows its activity.
 */
const PORT = 3189;
const TOKEN = "claude-only-e2e-token";
const dir = path.resolve(".tmp/e2e-claude-only");
const base = `http://127.0.0.1:${PORT}`;
const auth = { authorization: `Bearer ${TOKEN}` };
const userSkills = path.join(dir, "home", ".claude", "skills");
const projectSkills = path.join(dir, "home", "work", "site", ".claude", "skills");
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = isolatedServerEnv(dir, TOKEN); // HERMES_HOME (<dir>/hermes) is never created
  writeSkill(userSkills, "pdf-tools", "Merge, split and fill PDF files; extract their text and tables.");
  writeSkill(userSkills, "excalidraw-diagrams", "Draw architecture and flow diagrams as Excalidraw scenes.");
  writeSkill(userSkills, "release-notes", "notes");
  writeSkill(projectSkills, "deploy-docs", "Publish this project's documentation site to GitHub Pages after a docs change.");
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
});

/** One turn as Claude Code's hook sends it. */
async function turn(request: import("@playwright/test").APIRequestContext, text: string, session: string) {
  const res = await request.post(`${base}/api/pick-skill`, {
    data: { turn: text, agent: "claude-code", feedback: true, session_id: session, roots: [userSkills, projectSkills] },
    headers: auth,
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { skills: { name: string; match: number }[] };
}

test("the Skills page of a Claude Code user lists the skills jev ranks, with their suggestions and loads", async ({ page, request }) => {
  const merge = await turn(request, "merge these two PDF files into one and extract the tables", "cc-1");
  expect(merge.skills[0]).toMatchObject({ name: "pdf-tools" });
  expect(merge.skills[0].match).toBeGreaterThanOrEqual(0.5);
  expect((await request.post(`${base}/api/feedback`, { data: { session_id: "cc-1", skill: "pdf-tools", event: "loaded" }, headers: auth })).status()).toBe(200);
  const deploy = await turn(request, "publish the documentation site to GitHub Pages", "cc-2");
  expect(deploy.skills[0]).toMatchObject({ name: "deploy-docs" });

  await page.goto(`${base}/skills`);
  await expect(page.getByTestId("skills-intro")).toContainText("No Hermes home");
  const table = page.getByTestId("skills-table");
  await expect(table.getByRole("columnheader", { name: "provenance" })).toHaveCount(0); // no Hermes columns without a Hermes home
  const row = (name: string) => page.getByTestId("skill-row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(page.getByTestId("skill-row")).toHaveCount(4); // the home's three and the project's one, which only the hook sent
  const cells = async (name: string) => {
    const texts = await row(name).getByRole("cell").allTextContents();
    const header = await table.getByRole("columnheader").allTextContents();
    return Object.fromEntries(header.map((h, i) => [h, texts[i]]));
  };
  expect(await cells("pdf-tools")).toMatchObject({ from: "Claude Code", suggested: "1", loaded: "1", description: "ok" });
  expect(await cells("deploy-docs")).toMatchObject({ from: "Claude Code", suggested: "1", loaded: "0" });
  expect(await cells("release-notes")).toMatchObject({ suggested: "0", "last suggested": "never", description: "description too short" });
  await expect(page.getByTestId("skills-legend")).toContainText("other SKILL.md files of the same name");

  // On a phone each skill is a card: no header row, each figure labelled.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table.locator("thead")).toBeHidden();
  await expect(row("pdf-tools").getByRole("cell").nth(2)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Only Claude Code's skills, most suggested first; then one skill's own page.
  await page.goto(`${base}/skills?source=claude-code&sort=suggested`);
  await expect(page.getByTestId("skill-row").first()).toContainText(/pdf-tools|deploy-docs/);
  await row("deploy-docs").getByRole("link", { name: "deploy-docs" }).click();
  await expect(page.getByRole("heading", { name: "deploy-docs" })).toBeVisible();
  await expect(page.getByTestId("skill-summary")).toContainText("Claude Code");
  await expect(page.getByTestId("skill-summary")).toContainText(path.join(projectSkills, "deploy-docs"));
  await expect(page.getByTestId("activity-chart")).toBeVisible();
  await expect(page.getByTestId("skill-files")).toContainText("SKILL.md");
  expect((await page.goto(`${base}/skills/never-ranked`))?.status()).toBe(404);

  // The Curator page says how to point jev at a Hermes home; the Overview answers with this user's figures.
  await page.goto(`${base}/curator`);
  await expect(page.getByTestId("curator-empty")).toContainText("HERMES_HOME");
  await page.goto(base);
  await expect(page.getByTestId("tile-turns")).toContainText("2");
  await expect(page.getByTestId("tile-curator")).toHaveCount(0);
  await expect(page.getByTestId("agents-seen")).toContainText("claude-code");
});
