import { expect, type Locator, type Page } from "@playwright/test";
import { REPLAY_SOURCE_LABELS, type ReplaySource } from "../../lib/vocab/replay-runs";
import { answerTokenPrompts } from "../support/api-token";
import { E2E } from "../support/env";

/** The Replay page, as a user sees it: start a run, wait for it, read its report, compare two runs. */
export class ReplayPage {
  readonly beforeAfter: Locator;
  readonly runs: Locator;
  readonly sweepChart: Locator;

  private tokenAnswered = false;

  constructor(
    private readonly page: Page,
    private readonly base = "",
    /** The API token the server was started with: typed into the dashboard's token dialog when a change asks for it. */
    private readonly token = E2E.token,
  ) {
    this.beforeAfter = page.getByTestId("before-after");
    this.runs = page.getByTestId("runs");
    this.sweepChart = page.getByTestId("sweep-chart");
  }

  async open(query = "") {
    if (!this.tokenAnswered) await answerTokenPrompts(this.page, this.token);
    this.tokenAnswered = true;
    await this.page.goto(`${this.base}/replay${query}`);
    await expect(this.page.getByRole("heading", { name: "Replay", exact: true })).toBeVisible();
  }

  async chooseSource(source: ReplaySource) {
    await this.page.getByRole("radio", { name: REPLAY_SOURCE_LABELS[source] }).check();
  }

  async setRule(label: string, value: string) {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async sweep(values: Record<string, string>) {
    await this.page.getByRole("checkbox", { name: "Sweep a grid" }).check();
    for (const [label, value] of Object.entries(values)) await this.page.getByLabel(`${label} values`, { exact: true }).fill(value);
  }

  /** Start the run and wait until it is done; returns its id. */
  async start(button: "Start run" | "Start sweep" = "Start run", timeout = 60_000): Promise<number> {
    const before = this.page.url();
    await this.page.getByRole("button", { name: button }).click();
    await expect(this.page).not.toHaveURL(before, { timeout });
    await expect(this.page).toHaveURL(/run=\d+/);
    await expect(this.beforeAfter).toBeVisible({ timeout });
    return Number(new URL(this.page.url()).searchParams.get("run"));
  }

  /** The before/after table's suggestions row: [recorded, replayed]. */
  async suggestions(): Promise<[number, number]> {
    const [recorded, replayed] = (await this.beforeAfter.locator("tbody tr").first().locator("td.num").allTextContents()).map(Number);
    return [recorded, replayed];
  }

  async compare(a: number, b: number) {
    const form = this.page.getByRole("form", { name: "Compare runs" });
    await form.getByLabel("First run").selectOption(String(a));
    await form.getByLabel("Second run").selectOption(String(b));
    await form.getByRole("button", { name: "Side by side" }).click();
    await expect(this.page.getByTestId("compare")).toBeVisible();
  }
}
