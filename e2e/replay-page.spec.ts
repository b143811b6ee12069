import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { replayLine } from "../lib/replay/log-line";
import { ReplayPage } from "./pages/replay-page";
import { authHeaders } from "./support/env";

test("the Replay page replays the last 7 days under edited rules and shows the before/after table and the runs", async ({ page, request }) => {
  // A skill shown four times to a client that reports loads, never loaded: rule 2 with min 3 removes the fourth.
  const turn = "write a changelog entry for this release";
  for (let i = 0; i < 4; i++) await request.post("/api/pick-skill", { data: { turn, session_id: `replay-page-${i}`, feedback: true }, headers: authHeaders });

  const replay = new ReplayPage(page);
  await replay.open();
  await expect(page.getByRole("link", { name: "Replay" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("min shown", { exact: true })).toHaveValue("5"); // the form starts from the live rules
  await replay.setRule("min shown", "3");
  const first = await replay.start();
  const [recorded, replayed] = await replay.suggestions();
  expect(recorded).toBeGreaterThanOrEqual(4);
  expect(replayed).toBeLessThan(recorded);
  await expect(page.getByTestId("removed")).toContainText(/[1-9]\d* rejected/);
  await expect(page.getByTestId("per-skill")).toBeVisible();
  await expect(page.getByRole("heading", { name: /min 3/ })).toBeVisible();

  // A second run under the live rules; both are listed and each opens.
  await replay.setRule("min shown", "5");
  const second = await replay.start();
  await expect(page.getByRole("heading", { name: /min 5/ })).toBeVisible();
  expect(second).not.toBe(first);
  await expect(replay.runs.getByRole("link", { name: `Run ${second}`, exact: true })).toBeVisible();
  await replay.runs.getByRole("link", { name: `Run ${first}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: /min 3/ })).toBeVisible();

  // Side by side: the same log, rule 2 removing more under min 3.
  await replay.compare(first, second);
  const compare = page.getByTestId("compare");
  await expect(compare).toContainText("same log");
  await expect(compare.getByRole("row", { name: /rejected \(rule 2\)/ })).toContainText(/-[1-9]/);
});

test("the Replay page replays an uploaded log, and says why it refuses one", async ({ page }) => {
  const dir = path.resolve(".tmp/e2e/uploads");
  fs.mkdirSync(dir, { recursive: true });
  const t0 = Date.parse("2026-11-02T10:00:00Z");
  const log = path.join(dir, "week.jsonl");
  const lines = [
    replayLine({ at: t0, session: "u1", kind: "suggest", skill: "pdf" }),
    replayLine({ at: t0 + 60_000, session: "u1", kind: "load", skill: "pdf" }),
    replayLine({ at: t0 + 120_000, session: "u1", kind: "suggest", skill: "pdf" }),
    "not a line",
  ];
  fs.writeFileSync(log, `${lines.join("\n")}\n`);

  const replay = new ReplayPage(page);
  await replay.open();
  await replay.chooseSource("upload");
  await page.getByLabel("Replay log file").setInputFiles(log);
  await replay.start();
  expect(await replay.suggestions()).toEqual([2, 1]);
  await expect(page.getByText("3 events, 1 bad line skipped")).toBeVisible();
  await expect(page.getByTestId("removed")).toContainText("1 duplicates");

  // Over JEV_REPLAY_MAX_MB (1 in e2e): refused before anything is sent, with the limit named.
  const big = path.join(dir, "big.jsonl");
  fs.writeFileSync(big, `${lines[0]}\n`.repeat(20_000));
  await replay.chooseSource("upload");
  await page.getByLabel("Replay log file").setInputFiles(big);
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "over 1 MB (JEV_REPLAY_MAX_MB)" })).toBeVisible();
});
