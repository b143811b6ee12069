import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readUsage } from "../lib/hermes/usage-file";
import { buildHermesHome, idleRecord } from "../lib/testing/hermes-home";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";
import { answerTokenPrompts } from "./support/api-token";

/**
 * The curator on a temporary Hermes home, through the dashboard: a user pins
 * a skill, runs the curator, archives a skill, restores it and sees its
 * activity; the Hermes files on disk say the same. A server of its own, so no
 * other spec's home is touched.
 */
const PORT = 3193;
const TOKEN = "curator-e2e-token";
// A long folder name with nowhere to break (as paths on people's machines can be): the pages that print it must still fit a phone.
const dir = path.resolve(".tmp/e2e_curator_in_a_folder_whose_long_name_has_no_hyphens_to_break_at");
const home = path.join(dir, "hermes");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = isolatedServerEnv(dir, TOKEN);
  const now = Date.now();
  buildHermesHome(home, {
    configYaml: "curator:\n  prune_builtins: false\nskills:\n  platform_disabled:\n    telegram: [doc-helper]\n",
    skills: { "ops/keep-me": null, "ops/old-one": null, "writing/doc-helper": null, "github-pr-workflow": null },
    bundled: ["github-pr-workflow"],
    usage: { "keep-me": idleRecord(now, 45), "old-one": idleRecord(now, 120), "doc-helper": idleRecord(now, 1) }, // stale and archived under any release's thresholds
  });
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
});

const auth = { authorization: `Bearer ${TOKEN}` };

/** Confirm a curator action in its dialog (the token dialog is answered by answerTokenPrompts the first time). */
async function confirm(page: import("@playwright/test").Page, button: string, scope: import("@playwright/test").Locator = page.locator("body")) {
  await scope.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.locator("dialog.confirm[open]");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: new RegExp(`^Yes, ${button}`, "i") }).click();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
}

test("at phone width the Curator and skill pages fit a long Hermes home path (before any run)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  for (const p of ["/curator", "/skills", "/skills/doc-helper"]) {
    await page.goto(`${base}${p}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(375);
  }
  await context.close();
});

test("pin, run, archive, restore and see the activity, with Hermes's files agreeing", async ({ page, request }) => {
  test.setTimeout(120_000);
  // An agent reports uses through the API: the Hermes record and jev's history both get them.
  for (let i = 0; i < 3; i++) expect((await request.post(`${base}/api/skills/doc-helper/usage`, { data: { kind: "use" }, headers: auth })).status()).toBe(200);

  await page.goto(`${base}/curator`);
  // It says, before anything moves, that jev runs the curator here, when, and what idle means.
  await expect(page.getByTestId("curator-runs-here")).toContainText("jev runs Hermes's curator on this home by itself");
  await expect(page.getByTestId("curator-schedule")).toContainText(/Idle means no use, view or patch of any skill for \d+ h/);
  const plan = page.getByTestId("curator-plan");
  await expect(plan.getByRole("row", { name: /old-one/ })).toContainText("archive");
  await expect(plan.getByRole("row", { name: /keep-me/ })).toContainText("mark stale");

  // A wrong token is refused in the token dialog and nothing changes.
  await plan
    .getByRole("row", { name: /keep-me/ })
    .getByRole("button", { name: "Pin" })
    .click();
  await page
    .locator("dialog[open]")
    .getByRole("button", { name: /^Yes, pin/ })
    .click();
  const tokenDialog = page.getByRole("dialog", { name: "API token" });
  await tokenDialog.getByLabel("API token").fill("wrong-token");
  await tokenDialog.getByRole("button", { name: "Use this token" }).click();
  await expect(tokenDialog.getByRole("alert")).toContainText("not accepted");
  await tokenDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(plan.getByRole("row", { name: /keep-me/ }).getByRole("alert")).toContainText("nothing was changed");
  expect(readUsage(home).map["keep-me"].pinned).toBe(false);
  await answerTokenPrompts(page, TOKEN);

  // Pin keep-me: the next run leaves it alone.
  await confirm(page, "Pin", plan.getByRole("row", { name: /keep-me/ }));
  // The row offers Unpin once the pin has landed (its confirm text says "pinned" before it has).
  await expect(plan.getByRole("row", { name: /keep-me/ }).getByRole("button", { name: "Unpin", exact: true })).toBeVisible();
  await expect(plan.getByRole("row", { name: /keep-me/ }).getByRole("cell", { name: "pinned", exact: true })).toBeVisible();
  expect(readUsage(home).map["keep-me"].pinned).toBe(true);

  // Pause writes Hermes's own paused flag; Resume takes it off.
  await confirm(page, "Pause");
  await expect(page.getByTestId("curator-schedule")).toContainText("The curator does not run: paused");
  expect(JSON.parse(fs.readFileSync(path.join(home, "skills/.curator_state"), "utf8")).paused).toBe(true);
  await confirm(page, "Resume");
  await expect(page.getByTestId("curator-schedule")).toContainText("Next run");
  expect(JSON.parse(fs.readFileSync(path.join(home, "skills/.curator_state"), "utf8")).paused).toBe(false);

  // Run the curator: old-one, idle 120 days, is archived.
  await confirm(page, "Run now");
  await expect(page.getByTestId("last-summary")).toContainText("auto: 1 archived; llm: skipped (consolidation off)");
  await expect(page.getByTestId("archived")).toContainText("old-one");
  expect(fs.existsSync(path.join(home, "skills/.archive/old-one/SKILL.md"))).toBe(true);
  await expect(page.getByTestId("curator-reports").locator("tbody tr")).toHaveCount(1);

  // Archive doc-helper from its page, then restore it from the Curator page.
  await page.goto(`${base}/skills/doc-helper`);
  await confirm(page, "Archive");
  await expect(page.getByTestId("skill-summary")).toContainText("archived");
  expect(fs.existsSync(path.join(home, "skills/writing/doc-helper"))).toBe(false);
  await page.goto(`${base}/curator`);
  await confirm(page, "Restore", page.getByTestId("archived").getByRole("listitem").filter({ hasText: "doc-helper" }));
  await expect(page.getByTestId("archived")).not.toContainText("doc-helper");
  expect(fs.existsSync(path.join(home, "skills/doc-helper/SKILL.md"))).toBe(true);
  expect(readUsage(home).map["doc-helper"]).toMatchObject({ state: "active", archived_at: null, use_count: 4 });

  // Its activity: the chart, and the history of uses and curator actions.
  await page.goto(`${base}/skills/doc-helper`);
  await expect(page.getByTestId("activity-chart")).toBeVisible();
  const history = page.getByTestId("skill-history");
  await expect(history).toContainText("restore");
  await expect(history).toContainText("archive");
  await expect(history.getByRole("row", { name: /use/ })).toHaveCount(4); // 3 through the API, 1 from Hermes's own count

  // platform_disabled applies only where Hermes knows its platform: the Skills page says so.
  await page.goto(`${base}/skills`);
  await expect(page.getByTestId("platform-disabled-note")).toContainText("doc-helper on telegram");
  await expect(page.getByTestId("platform-disabled-note")).toContainText("Hermes's CLI sets none");

  await page.goto(`${base}/skills?state=archived`);
  await expect(page.getByTestId("skill-row")).toHaveCount(1);
  await expect(page.getByTestId("skill-row")).toContainText("old-one");
});

test("the API: GET /api/skills, usage bumps and curator refusals in the envelope", async ({ request }) => {
  const list = await (await request.get(`${base}/api/skills?provenance=bundled`, { headers: auth })).json();
  expect(list.skills.map((s: { name: string }) => s.name)).toEqual(["github-pr-workflow"]);
  const bump = await request.post(`${base}/api/skills/github-pr-workflow/usage`, { data: { kind: "view" }, headers: auth });
  expect((await bump.json()).view_count).toBe(1); // telemetry lands for bundled skills too
  const badKind = await request.post(`${base}/api/skills/x/usage`, { data: { kind: "love" }, headers: auth });
  expect(badKind.status()).toBe(400);
  expect((await badKind.json()).error.field).toBe("kind");
  const bundled = await request.post(`${base}/api/curator/archive`, { data: { name: "github-pr-workflow" }, headers: auth });
  expect(bundled.status()).toBe(409);
  expect((await bundled.json()).error.message).toContain("bundled built-in");
  const missing = await request.post(`${base}/api/curator/restore`, { data: { name: "never-was" }, headers: auth });
  expect(missing.status()).toBe(404);
  expect((await request.post(`${base}/api/curator/explode`, { data: {}, headers: auth })).status()).toBe(400);
  expect((await request.post(`${base}/api/curator/run`, { data: { dry_run: true } })).status()).toBe(401);
  const dry = await (await request.post(`${base}/api/curator/run`, { data: { dry_run: true }, headers: auth })).json();
  expect(dry.message).toMatch(/^dry-run auto: /);
});
