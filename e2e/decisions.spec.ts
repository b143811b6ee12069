import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { DecisionsPage } from "./pages/decisions-page";
import { authHeaders, E2E } from "./support/env";

test("the Decisions page shows real decisions produced through the API", async ({ page, request }) => {
  const turns = [
    "write a playwright end-to-end test for the login form",
    "ok",
    "extract the tables from this pdf report",
    "rotate our keys: AKIA" + "IOSFODNN7EXAMPLE is leaked",
    "what is the capital of France?",
  ];
  for (const turn of turns) {
    const res = await request.post("/api/pick-skill", { data: { turn }, headers: authHeaders });
    expect(res.status()).toBe(200);
  }
  // A row written before reason codes existed: fail-open with no code. It must show as `unknown`.
  const db = new Database(E2E.serverEnv.JEV_DB);
  db.prepare(
    "insert into decisions (at, day, status, outcome, reason_code, latency_ms, requests, catalog_size, skills_returned, skills_dropped, judge, channel) values (?, ?, 'fail_open', 'fail_open', null, 7, 1, 10, 0, 0, 'local', 'api')",
  ).run(Date.now(), new Date().toISOString().slice(0, 10));
  db.close();
  const summary = await (await request.get("/api/decisions/summary", { headers: authHeaders })).json();
  expect(summary.byReason.unknown).toBe(1);

  const decisions = new DecisionsPage(page);
  await decisions.open();
  await expect(decisions.total).toHaveText(String(summary.total));
  await expect(decisions.chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(decisions.reasonRow("sensitive_turn")).toContainText(String(summary.byReason.sensitive_turn));
  await expect(decisions.reasonRow("unknown")).toContainText("1");
  await expect(decisions.latency).toContainText("p99 ms");

  await decisions.filterStatus("fail_open");
  await expect(page).toHaveURL(/status=fail_open/);
  await expect(decisions.total).toHaveText(String(summary.byStatus.fail_open));

  // The view lives in the URL: reloading reproduces it; an empty range says what to do.
  await page.reload();
  await expect(decisions.total).toHaveText(String(summary.byStatus.fail_open));
  await decisions.open("?from=2020-01-01&to=2020-01-02");
  await expect(decisions.empty).toContainText("POST /api/pick-skill");
});
