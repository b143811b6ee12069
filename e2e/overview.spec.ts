import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { answerTokenPrompts } from "./support/api-token";
import { authHeaders, E2E } from "./support/env";

test("the Overview shows the Hermes catalog and points out what to fix", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("judge-in-use")).toContainText("local");
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

test("rule 2 can be switched off and on from the dashboard, through the state file the agent plugin shares", async ({ page }) => {
  const stateFile = path.join(E2E.hermesHome, "jev", "state.json");
  await answerTokenPrompts(page, E2E.token);
  await page.goto("/");
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
