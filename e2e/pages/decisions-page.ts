import { expect, type Locator, type Page } from "@playwright/test";

/** The Decisions dashboard page, as a user sees it. */
export class DecisionsPage {
  readonly total: Locator;
  readonly chart: Locator;
  readonly reasons: Locator;
  readonly latency: Locator;
  readonly empty: Locator;

  constructor(private readonly page: Page) {
    this.total = page.getByTestId("total").locator(".stat-value");
    this.chart = page.getByTestId("per-day-chart");
    this.reasons = page.getByTestId("reason-breakdown");
    this.latency = page.getByTestId("latency");
    this.empty = page.getByTestId("decisions-empty");
  }

  async open(query = "") {
    await this.page.goto(`/decisions${query}`);
    await expect(this.page.getByRole("heading", { name: "Decisions" })).toBeVisible();
  }

  async filterStatus(status: string) {
    await this.page.getByRole("combobox", { name: "Status", exact: true }).selectOption(status);
  }

  reasonRow(reason: string): Locator {
    return this.reasons.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name: reason, exact: true }) });
  }
}
