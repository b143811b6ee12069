import { expect, test } from "@playwright/test";
import { DecisionsPage } from "./pages/decisions-page";
import { authHeaders } from "./support/env";

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
  const summary = await (await request.get("/api/decisions/summary", { headers: authHeaders })).json();

  const decisions = new DecisionsPage(page);
  await decisions.open();
  await expect(decisions.total).toHaveText(String(summary.total));
  await expect(decisions.chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(decisions.reasonRow("sensitive_turn")).toContainText(String(summary.byReason.sensitive_turn));
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
