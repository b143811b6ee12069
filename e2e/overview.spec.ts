import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";

test("the Overview shows the Hermes catalog and points out descriptions to fix", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const size = page.getByTestId("catalog-size");
  await expect(size).toContainText(`${E2E.hermesHome}/skills`);
  const ranked = Number((await size.textContent())!.match(/(\d+) skills ranked/)![1]);
  expect(ranked).toBeGreaterThan(800);
  // The real catalog has title-only descriptions and ones longer than the 200 characters read.
  await expect(page.getByRole("heading", { name: /too short/i })).toBeVisible();
  await expect(page.getByRole("heading", { name: /cut off/i })).toBeVisible();
});
