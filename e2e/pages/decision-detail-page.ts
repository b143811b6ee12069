import type { Locator, Page } from "@playwright/test";

/** One decision's page: its facts and every candidate with a verdict. */
export class DecisionDetailPage {
  readonly facts: Locator;
  readonly candidates: Locator;
  readonly timings: Locator;

  constructor(private readonly page: Page) {
    this.facts = page.getByTestId("decision-facts");
    this.candidates = page.getByTestId("candidate");
    this.timings = page.getByTestId("timings");
  }

  candidate(name: string): Locator {
    return this.candidates.filter({ has: this.page.getByText(name, { exact: true }) });
  }
}
