import { expect, type Locator, type Page } from "@playwright/test";

/** The Decisions dashboard page, as a user sees it. */
export class DecisionsPage {
  readonly total: Locator;
  readonly chart: Locator;
  readonly reasons: Locator;
  readonly latency: Locator;
  readonly empty: Locator;
  readonly table: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.total = page.getByTestId("total").locator(".stat-value");
    this.chart = page.getByTestId("per-day-chart");
    this.reasons = page.getByTestId("reason-breakdown");
    this.latency = page.getByTestId("latency");
    this.empty = page.getByTestId("decisions-empty");
    this.table = page.getByTestId("decision-table");
    this.rows = page.getByTestId("decision-row");
  }

  async open(query = "") {
    await this.page.goto(`/decisions${query}`);
    await expect(this.page.getByRole("heading", { name: "Decisions", exact: true })).toBeVisible();
  }

  async filterOutcome(outcome: string) {
    await this.page.getByRole("combobox", { name: "Outcome", exact: true }).selectOption(outcome);
  }

  async filterChannel(label: string) {
    await this.page.getByRole("combobox", { name: "Channel", exact: true }).selectOption({ label });
  }

  async filterSession(session: string) {
    const box = this.page.getByRole("searchbox", { name: "Session" });
    await box.fill(session);
    await box.press("Enter");
  }

  outcomeTile(outcome: string): Locator {
    return this.page.getByTestId(`outcome-${outcome}`);
  }

  reasonRow(reason: string): Locator {
    return this.reasons.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name: reason, exact: true }) });
  }
}
