import { expect, type Page, test } from "@playwright/test";
import { MATCH_BUCKETS, matchBucketOf } from "../lib/vocab/match-buckets";
import { DecisionsPage } from "./pages/decisions-page";
import { authHeaders } from "./support/env";

const label = (b: { from: number; to: number }) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}`;

/** Each bucket's suggested and loaded counts, as the Decisions page's reliability table shows them. */
async function readTable(page: Page): Promise<Map<string, { shown: number; loaded: number }>> {
  const out = new Map<string, { shown: number; loaded: number }>();
  for (const b of MATCH_BUCKETS) {
    const cells = page.getByTestId(`reliability-${label(b)}`).locator("td");
    if ((await cells.count()) === 0) out.set(label(b), { shown: 0, loaded: 0 });
    else out.set(label(b), { shown: Number(await cells.nth(1).textContent()), loaded: Number(await cells.nth(2).textContent()) });
  }
  return out;
}

test("the Decisions page charts what a match has meant: suggestions by match bucket and the share the agents loaded", async ({ page, request }) => {
  const decisions = new DecisionsPage(page);
  await decisions.open();
  const before = await readTable(page);

  // Agents that report loads ask; each suggestion is loaded or not, as a real agent would report it.
  const turns = [
    ["write a playwright end-to-end test for the login form", true],
    ["extract the tables from this pdf report", false],
    ["open a pull request on GitHub for this branch", true],
    ["summarize this youtube video for me", false],
  ] as const;
  const expected = new Map([...before].map(([k, v]) => [k, { ...v }]));
  const stamp = Date.now();
  let suggestedAny = 0;
  for (const [k, [turn, load]] of turns.entries()) {
    const session = `reliability-${stamp}-${k}`;
    const res = await request.post("/api/pick-skill", { data: { turn, session_id: session, feedback: true, agent: "e2e" }, headers: authHeaders });
    expect(res.status()).toBe(200);
    const reply = await res.json();
    const suggestion = reply.skills.find((s: { match: number }) => s.match >= 0.5);
    if (!suggestion) continue;
    suggestedAny++;
    const bucket = MATCH_BUCKETS[matchBucketOf(suggestion.match)];
    const row = expected.get(label(bucket))!;
    row.shown++;
    if (load) {
      const fb = await request.post("/api/feedback", { data: { session_id: session, skill: suggestion.name, event: "loaded" }, headers: authHeaders });
      expect(fb.status()).toBe(200);
      row.loaded++;
    }
  }
  expect(suggestedAny).toBeGreaterThanOrEqual(2);

  await decisions.open();
  await expect(page.getByTestId("reliability-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  expect(await readTable(page)).toEqual(expected);
  // The share is loaded / suggested, per bucket.
  for (const [name, { shown, loaded }] of expected) {
    if (shown === 0) continue;
    await expect(page.getByTestId(`reliability-${name}`).locator("td").nth(3)).toHaveText(`${Math.round((loaded / shown) * 100)}%`);
  }
});
