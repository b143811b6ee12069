import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { answerTokenPrompts } from "./support/api-token";
import { authHeaders, E2E } from "./support/env";

test("the Skills page shows the Hermes catalog and points out what to fix", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("judge-in-use")).toContainText("local");
  await page.goto("/skills");
  const size = page.getByTestId("catalog-size");
  await expect(size).toContainText(`${E2E.hermesHome}/skills`);
  const ranked = Number((await size.textContent())!.match(/(\d+) skills ranked/)![1]);
  expect(ranked).toBeGreaterThan(800);
  // The real catalog has title-only descriptions and ones longer than the 200 characters read.
  await expect(page.getByRole("heading", { name: /too short/i })).toBeVisible();
  await expect(page.getByRole("heading", { name: /cut off/i })).toBeVisible();
  // It holds obra/superpowers' selector-only skill, and the e2e setup adds a broken SKILL.md.
  await expect(page.getByTestId("meta-removed")).toContainText("using-superpowers");
  await expect(page.getByTestId("unreadable")).toContainText(/line \d+, column \d+/);
});

test("the Skills page shows the catalog a hundred skills a page, and its pager keeps the sort", async ({ page }) => {
  await page.goto("/skills?sort=activity");
  const rows = page.getByTestId("skill-row");
  await expect(rows).toHaveCount(100);
  const count = page.getByTestId("skills-count");
  await expect(count).toContainText(/^\d+ skills, 1–100 shown\.$/);
  const total = Number((await count.textContent())!.match(/^(\d+)/)![1]);
  expect(total).toBeGreaterThan(800);
  const pages = Math.ceil(total / 100);
  const firstOfPageOne = await rows.first().getByRole("link").first().textContent();
  await page.getByTestId("skills-pager").getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=activity(&|$)/);
  await expect(count).toContainText("101–200 shown");
  await expect(page.getByTestId("skills-pager")).toContainText(`page 2 of ${pages}`);
  await expect(rows.first().getByRole("link").first()).not.toHaveText(firstOfPageOne!);
  // A page past the end is the last page; a name search that matches few skills needs no pager.
  await page.goto(`/skills?page=${pages + 5}`);
  await expect(rows).toHaveCount(total - (pages - 1) * 100);
  await expect(page.getByTestId("skills-pager").getByRole("link", { name: "Next" })).toHaveCount(0);
  await page.goto("/skills?q=pdf");
  await expect(count).toHaveText(/^\d+ skills\.$/);
  await expect(page.getByTestId("skills-pager").getByRole("link")).toHaveCount(0);
});

test("rule 2 can be switched off and on from the Suppression page, through the state file the agent plugin shares", async ({ page }) => {
  const stateFile = path.join(E2E.hermesHome, "jev", "state.json");
  await answerTokenPrompts(page, E2E.token);
  await page.goto("/suppression");
  const toggle = page.getByTestId("rule-two").getByRole("switch"); // the agents table has switches of its own
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByTestId("rule-two")).toContainText("off");
  const state = () => JSON.parse(fs.readFileSync(stateFile, "utf8"));
  await expect.poll(state).toMatchObject({ skill_feedback: "off", plugin_key: "kept" });
  await page.reload();
  await expect(page.getByTestId("rule-two").getByRole("switch")).not.toBeChecked();
  await page.getByTestId("rule-two").getByRole("switch").check();
  await expect(page.getByTestId("rule-two")).toContainText("on");
  await expect.poll(state).toMatchObject({ skill_feedback: "on", plugin_key: "kept" });
});

test("the Overview lists the agents of the last 24 hours, and says how to turn load reports on for one that sends none", async ({ page, request }) => {
  for (const [agent, feedback] of [
    ["quiet-agent", false],
    ["reporting-agent", true],
  ] as const) {
    const res = await request.post("/api/pick-skill", {
      data: { turn: "merge these pdf files", agent, feedback, session_id: `${agent}-1` },
      headers: authHeaders,
    });
    expect(res.status()).toBe(200);
  }
  await answerTokenPrompts(page, E2E.token);
  await page.goto("/");
  const table = page.getByTestId("agents-seen");
  await expect(table.getByRole("row", { name: /reporting-agent/ })).toContainText("yes");
  await expect(table.getByRole("row", { name: /quiet-agent/ }).getByTestId("agent-no-loads")).toContainText("POST /api/feedback");
  // An agent's switch, kept by jev: hints off for quiet-agent, and its next turn is answered with none.
  await table.getByRole("switch", { name: "hints for quiet-agent" }).uncheck();
  await expect
    .poll(
      async () =>
        (await (await request.post("/api/pick-skill", { data: { turn: "merge these pdf files", agent: "quiet-agent" }, headers: authHeaders })).json()).skipped,
    )
    .toBe("switched_off");
  await page.reload();
  await expect(page.getByTestId("agents-seen").getByRole("switch", { name: "hints for quiet-agent" })).not.toBeChecked();
  await page.getByTestId("agents-seen").getByRole("switch", { name: "hints for quiet-agent" }).check();
  await expect
    .poll(
      async () =>
        (await (await request.post("/api/pick-skill", { data: { turn: "merge these pdf files", agent: "quiet-agent" }, headers: authHeaders })).json()).skipped,
    )
    .toBeUndefined();
});

test("the Overview's tiles answer first: turns, suggestions, load rate and fail-opens over the range, with the skills behind them", async ({
  page,
  request,
}) => {
  const figure = async (id: string) => (await page.getByTestId(id).locator(".stat-value").textContent())!.trim();
  await page.goto("/");
  const turnsBefore = Number(await figure("tile-turns"));
  const suggestionsBefore = Number(await figure("tile-suggestions"));
  // Turns no other spec asks (their loads would change what rule 2 does there).
  const turns = ["create an excalidraw diagram of the architecture", "draw an excalidraw diagram of the login flow", "thanks!"];
  let suggested = 0;
  for (const [i, turn] of turns.entries()) {
    const res = await request.post("/api/pick-skill", { data: { turn, agent: "tiles-agent", feedback: true, session_id: `tiles-${i}` }, headers: authHeaders });
    const reply = await res.json();
    if (reply.skills?.[0]?.match >= 0.5) {
      suggested++;
      await request.post("/api/feedback", { data: { session_id: `tiles-${i}`, skill: reply.skills[0].name, event: "loaded" }, headers: authHeaders });
    }
  }
  expect(suggested).toBe(2);
  await page.reload();
  expect(Number(await figure("tile-turns"))).toBe(turnsBefore + turns.length);
  expect(Number(await figure("tile-suggestions"))).toBe(suggestionsBefore + suggested);
  await expect(page.getByTestId("tile-load-rate").locator(".stat-value")).toHaveText(/^\d+%$/);
  await expect(page.getByTestId("tile-turns").locator("svg.trend-line")).toBeVisible();
  await expect(page.getByTestId("most-suggested").getByRole("row")).not.toHaveCount(0);
  // A tile leads to the decisions behind it; the range is in the URL.
  await page.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(/\?days=30$/);
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "true");
  await page.getByTestId("tile-suggestions").click();
  await expect(page).toHaveURL(/\/decisions\?from=.*&outcome=suggested/);
  await expect(page.getByTestId("decision-row").first()).toBeVisible();
});
