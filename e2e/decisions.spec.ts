import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { DecisionDetailPage } from "./pages/decision-detail-page";
import { DecisionsPage } from "./pages/decisions-page";
import { authHeaders, E2E } from "./support/env";

test("the Decisions page counts real decisions, and its filters live in the URL and history", async ({ page, request }) => {
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
  // (Its hourly count is what migration 0002 backfills for such rows; db/migrations.test.ts checks that.)
  const db = new Database(E2E.serverEnv.JEV_DB);
  const at = Date.now();
  db.prepare(
    "insert into decisions (at, day, status, outcome, reason_code, latency_ms, requests, catalog_size, skills_returned, skills_dropped, judge, channel) values (?, ?, 'fail_open', 'fail_open', null, 7, 1, 10, 0, 0, 'local', 'api')",
  ).run(at, new Date(at).toISOString().slice(0, 10));
  db.prepare(
    "insert into decision_rollups (hour, day, status, outcome, reason, latency_ms, count) values (?, ?, 'fail_open', 'fail_open', 'unknown', 7, 1)",
  ).run(at - (at % 3_600_000), new Date(at).toISOString().slice(0, 10));
  db.close();
  const summary = await (await request.get("/api/decisions/summary", { headers: authHeaders })).json();
  expect(summary.byReason.unknown).toBe(1);

  const decisions = new DecisionsPage(page);
  await decisions.open();
  await expect(page.getByRole("link", { name: "Decisions", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(decisions.total).toHaveText(String(summary.total));
  await expect(decisions.chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(decisions.reasonRow("sensitive_turn")).toContainText(String(summary.byReason.sensitive_turn));
  await expect(decisions.reasonRow("unknown")).toContainText("1");
  await expect(decisions.latency).toContainText("p99 ms");
  // Intended skips (the secret-looking turn) apart from faults; the judge's work per turn and its latency, charted.
  await expect(page.getByTestId("reasons-intended")).toContainText("sensitive_turn");
  await expect(page.getByTestId("reasons-intended")).not.toContainText("unknown");
  expect(summary.judge.turns).toBeGreaterThan(0);
  await expect(page.getByTestId("judge-work")).toContainText("requests per turn");
  await expect(page.getByTestId("judge-chart").locator(".recharts-dot").first()).toBeVisible(); // one day: a point per series

  // A filter is a history entry: the table follows it, Back undoes it, reload reproduces it.
  await decisions.filterOutcome("fail_open");
  await expect(page).toHaveURL(/outcome=fail_open/);
  await expect(decisions.rows).toHaveCount(summary.byOutcome.fail_open);
  await page.goBack();
  await expect(page).not.toHaveURL(/outcome=/);
  await expect(decisions.rows.first()).toBeVisible();
  // Polled: Back is a client navigation, and the filtered rows stay until the new page arrives.
  await expect.poll(() => decisions.rows.count()).toBeGreaterThan(summary.byOutcome.fail_open);
  // A tile filters the table to its outcome; a bar to its day.
  await decisions.outcomeTile("trivial").click();
  await expect(page).toHaveURL(/outcome=trivial/);
  await expect(decisions.rows).toHaveCount(summary.byOutcome.trivial);
  await page.goBack();
  await decisions.chart.locator(".recharts-bar-rectangle").first().click();
  await expect(page).toHaveURL(new RegExp(`from=${new Date().toISOString().slice(0, 10)}&to=`));
  await page.goBack();
  // A reason row filters the table to that reason.
  await decisions.reasonRow("sensitive_turn").getByRole("link").click();
  await expect(page).toHaveURL(/reason=sensitive_turn/);
  await expect(decisions.rows).toHaveCount(summary.byReason.sensitive_turn);
  await page.reload();
  await expect(decisions.rows).toHaveCount(summary.byReason.sensitive_turn);

  // An empty range says what to do, with the same inclusive days the inputs show.
  await decisions.open("?from=2020-01-01&to=2020-01-02");
  await expect(decisions.empty).toContainText("from 2020-01-01 to 2020-01-02");
  await expect(decisions.empty).toContainText("POST /api/pick-skill");
  await expect(page.locator('input[name="from"]')).toHaveValue("2020-01-01");
  await expect(page.locator('input[name="to"]')).toHaveValue("2020-01-02");
});

test("a user finds a decision in the table, opens it, and reads why each candidate was or was not suggested", async ({ page, request }) => {
  const turn = "review this pull request for security issues and code quality";
  const first = await (await request.post("/api/pick-skill", { data: { turn, session_id: "explain-1", agent: "hermes" }, headers: authHeaders })).json();
  const suggested: string = first.skills[0].name;
  expect(first.skills[0].match).toBeGreaterThanOrEqual(0.5);
  // The runner-up is the next finalist of the decision, listed in the reply or not (a shortlist holds none under 0.1).
  const logged = await (await request.get("/api/decisions?session=explain-1", { headers: authHeaders })).json();
  const detailOf = await (await request.get(`/api/decisions/${logged.decisions[0].id}`, { headers: authHeaders })).json();
  const runnerUp: string = detailOf.candidates.find((c: { name: string; match: number | null }) => c.name !== suggested && c.match !== null).name;
  // Same turn again, saying the suggested skill is already loaded: rule 1 removes it, and the runner-up is
  // suggested only if its own match says so (a calibrated runner-up is usually well under 0.5).
  const second = await (
    await request.post("/api/pick-skill", { data: { turn, session_id: "explain-1", agent: "hermes", loaded: [suggested] }, headers: authHeaders })
  ).json();
  const runnerUpMatch = second.skills.find((s: { name: string }) => s.name === runnerUp)?.match ?? 0;

  const decisions = new DecisionsPage(page);
  await decisions.open();
  await decisions.filterSession("explain-1");
  await expect(page).toHaveURL(/session=explain-1/);
  await expect(decisions.rows).toHaveCount(2);
  await expect(decisions.rows.first()).toContainText(runnerUp);
  await decisions.rows.first().getByRole("link").first().click();

  const detail = new DecisionDetailPage(page);
  await expect(page.getByRole("heading", { name: /^Decision \d+$/ })).toBeVisible();
  await expect(detail.facts).toContainText("explain-1");
  await expect(detail.timings).toContainText("stage 1");
  await expect(detail.candidate(suggested)).toHaveAttribute("data-verdict", "already_loaded");
  await expect(detail.candidate(suggested)).toContainText("Rule 1: already loaded in this session");
  await expect(detail.candidate(runnerUp)).toHaveAttribute("data-verdict", runnerUpMatch >= 0.5 ? "suggested" : "below_threshold");
  await expect(detail.candidates.filter({ hasText: "not finalist" }).first()).toContainText("not among the finalists");
  expect(await detail.candidates.count()).toBe(10);

  // The session view lists both turns in order.
  await page.getByRole("link", { name: "explain-1" }).click();
  await expect(page.getByRole("heading", { name: /Session explain-1/ })).toBeVisible();
  await expect(page.getByTestId("decision-row")).toHaveCount(2);
});

test("rule 2 suppresses only for a client that reports loads, and the decision says why", async ({ page, request }) => {
  const turn = "audit the solidity smart contract for vulnerabilities";
  const top = async (data: object) => (await (await request.post("/api/pick-skill", { data: { turn, ...data }, headers: authHeaders })).json()).skills[0]?.name;
  const skill = await top({});
  for (let i = 0; i < 6; i++) expect(await top({ session_id: `quiet-${i}` })).toBe(skill); // never reports loads: never suppressed
  for (let i = 0; i < 5; i++) expect(await top({ session_id: `reports-${i}`, feedback: true })).toBe(skill);
  expect(await top({ session_id: "reports-6", feedback: true })).not.toBe(skill);

  const list = await (await request.get("/api/decisions?session=reports-6", { headers: authHeaders })).json();
  const detail = await (await request.get(`/api/decisions/${list.decisions[0].id}`, { headers: authHeaders })).json();
  expect(detail.candidates.find((c: { name: string }) => c.name === skill)).toMatchObject({ verdict: "suppressed", detail: { suggestions: 5, loads: 0 } });

  await page.goto(`/decisions/${list.decisions[0].id}`);
  await expect(page.getByTestId("suppression-numbers")).toContainText("Shown 5 times in the window, loaded 0");
});

test("at phone width nothing scrolls the page sideways; dark mode follows the system", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
  const page = await context.newPage();
  const session = `a-very-long-session-identifier-${"x".repeat(80)}`;
  await page.request.post("/api/pick-skill", { data: { turn: "extract the tables from this pdf report", session_id: session }, headers: authHeaders });
  const list = await (await page.request.get(`/api/decisions?limit=1&session=${session}`, { headers: authHeaders })).json();
  // A skill page with the longest name of the home (its record holds long ISO times too).
  const skills = (await (await page.request.get("/api/skills", { headers: authHeaders })).json()).skills as { name: string }[];
  const longest = skills.map((s) => s.name).sort((a, b) => b.length - a.length)[0];
  const pages = ["/", "/decisions", `/decisions/${list.decisions[0].id}`, `/sessions/${session}`, "/suppression", "/replay", "/curator", "/skills"];
  for (const path of [...pages, `/skills/${encodeURIComponent(longest)}`]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe("rgb(20, 24, 28)");
  await context.close();
});
