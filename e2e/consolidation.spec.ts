import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { writeSkill } from "../lib/testing/factories";
import { buildHermesHome, idleRecord } from "../lib/testing/hermes-home";
import { type JudgeServer, startJudgeServer } from "../lib/testing/judge-server";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";
import { answerTokenPrompts } from "./support/api-token";

/**
 * The consolidation pass through the Curator page, against a scripted OpenAI-compatible judge on loopback and a
 * temporary Hermes home: preview (nothing written), apply (the files as the preview showed), undo (every file back),
 * and the refusals (a malformed answer, a home changed between preview and apply). A server of its own.
 */
const PORT = 3191;
const TOKEN = "consolidation-e2e-token";
const dir = path.resolve(".tmp/e2e-consolidation");
const home = path.join(dir, "hermes");
const skills = path.join(home, "skills");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;
let judge: JudgeServer;

const PLAN = { cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-merge", as: "section" }], reason: "one PDF skill covers merging too" };
const answer = (content: string) => judge.script(() => ({ kind: "content", content }));

/** Every file of the home's skills (the archive included) with its text, and the cron file. */
const snapshot = () => [
  ...fs
    .readdirSync(skills, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => `${path.relative(skills, path.join(e.parentPath, e.name))}:${fs.readFileSync(path.join(e.parentPath, e.name), "utf8")}`)
    .sort(),
  fs.readFileSync(path.join(home, "cron", "jobs.json"), "utf8"),
];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  judge = await startJudgeServer();
  const env = { ...isolatedServerEnv(dir, TOKEN), JEV_JUDGE: "openai", JEV_JUDGE_URL: `${judge.url}/v1`, JEV_JUDGE_MODEL: "test-model" };
  const now = Date.now();
  buildHermesHome(home, {
    usage: { pdf: idleRecord(now, 1), "pdf-merge": idleRecord(now, 1), "pdf-split": idleRecord(now, 2, { pinned: true }) },
    cronJobs: { jobs: [{ id: "nightly", name: "Nightly merge", skills: ["pdf-merge", "weather"], skill: "pdf-merge" }] },
  });
  writeSkill(skills, "pdf", "Merge, split and rotate PDF pages.", { body: "\nqpdf merges PDF files, splits PDF pages and rotates them.\n" });
  writeSkill(skills, "pdf-merge", "Merge PDF files into one PDF.", { body: "\nUse qpdf to merge PDF files; split pages out of a PDF.\n" });
  writeSkill(skills, "pdf-split", "Split PDF pages out of a PDF file.", { body: "\nqpdf splits PDF pages and merges PDF files.\n" });
  writeSkill(skills, "weather", "Look up the forecast for a city.");
  writeSkill(skills, "haiku", "Write haiku poems with a 5-7-5 pattern.");
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
  await judge?.close();
});

/** Confirm a button's dialog (the token is answered by answerTokenPrompts). */
async function confirm(page: Page, button: string) {
  const dialog = page.locator("dialog.confirm[open]");
  // A click that lands before the page is hydrated opens nothing (seen once under a full run's load): click again.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByTestId("consolidation").getByRole("button", { name: button, exact: true }).first().click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await dialog.getByRole("button", { name: new RegExp(`^Yes, ${button}`, "i") }).click();
  await expect(page.locator("dialog[open]")).toHaveCount(0);
}

test("preview shows the umbrella's diff, the archive and the cron change; apply writes them; undo puts every file back", async ({ page }) => {
  test.setTimeout(90_000);
  await answerTokenPrompts(page, TOKEN);
  const before = snapshot();
  await page.goto(`${base}/curator`);
  const section = page.getByTestId("consolidation");
  await expect(section).toContainText("No consolidation applied yet.");

  answer(JSON.stringify({ plans: [PLAN] }));
  await confirm(page, "Preview");
  const preview = section.getByTestId("consolidation-preview");
  await expect(preview).toContainText("1 plan(s) for 1 overlapping group(s)");
  const plan = preview.getByTestId("consolidation-plan");
  await expect(plan).toContainText("pdf absorbs pdf-merge (as a section)");
  await expect(plan).toContainText("one PDF skill covers merging too");
  await expect(plan.getByTestId("consolidation-diff").locator(".add").filter({ hasText: "+## pdf-merge" })).toBeVisible();
  await expect(plan).toContainText("archives skills/pdf-merge (restorable)");
  await expect(plan).toContainText("cron job nightly: pdf-merge, weather → pdf, weather");
  // The judge was sent the skills' text, never a path of the home; nothing in the home changed.
  expect(judge.calls.at(-1)?.body).not.toContain(skills);
  expect(snapshot()).toEqual(before);

  await confirm(page, "Apply");
  await expect(section.getByRole("status").filter({ hasText: "applied" })).toContainText(
    "consolidation applied; llm: consolidated 1 skill(s) into 1 umbrella(s)",
  );
  expect(fs.readFileSync(path.join(skills, "pdf", "SKILL.md"), "utf8")).toContain("## pdf-merge\n\nUse qpdf to merge PDF files");
  expect(fs.existsSync(path.join(skills, "pdf-merge"))).toBe(false);
  expect(fs.existsSync(path.join(skills, ".archive", "pdf-merge", "SKILL.md"))).toBe(true);
  expect(JSON.parse(fs.readFileSync(path.join(home, "cron", "jobs.json"), "utf8")).jobs[0]).toMatchObject({ skills: ["pdf", "weather"], skill: "pdf" });
  await page.reload();
  await expect(section.getByTestId("consolidation-preview")).toHaveCount(0); // applied once
  const history = section.getByTestId("consolidation-history");
  await expect(history).toContainText("pdf absorbed pdf-merge");
  // The run reports list the consolidation's report.
  await expect(page.getByText("consolidated 1 skill(s) into 1 umbrella(s)").first()).toBeVisible();

  await confirm(page, "Undo");
  await expect(section.getByRole("status").filter({ hasText: "undid" })).toContainText("undid the consolidation into 'pdf': restored pdf-merge");
  await page.reload();
  await expect(history).toContainText("undone");
  const after = snapshot();
  expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
  expect(JSON.parse(after.at(-1) as string).jobs[0]).toMatchObject({ skills: ["pdf-merge", "weather"], skill: "pdf-merge" });
});

test("a malformed answer and a home changed between preview and apply change nothing, and say why", async ({ page }) => {
  test.setTimeout(90_000);
  await answerTokenPrompts(page, TOKEN);
  await page.goto(`${base}/curator`);
  const section = page.getByTestId("consolidation");

  answer("I would merge them all");
  await confirm(page, "Preview");
  await expect(section.getByTestId("consolidation-refused")).toContainText("group 1 left alone: the judge's answer was not JSON: nothing changed");
  await expect(section.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();

  answer(JSON.stringify({ plans: [PLAN] }));
  await confirm(page, "Preview");
  await expect(section.getByTestId("consolidation-plan")).toBeVisible();
  fs.appendFileSync(path.join(skills, "pdf-merge", "SKILL.md"), "\nA line written after the preview.\n");
  const changed = snapshot();
  await confirm(page, "Apply");
  await expect(section.getByRole("alert")).toContainText("the home changed since the preview");
  await expect(section.getByRole("alert")).toContainText("fresh preview");
  expect(snapshot()).toEqual(changed);
});
