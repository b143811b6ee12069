import { expect, test } from "@playwright/test";

test("the Curator page lists the skills that overlap, closest first, each linking to its page, with the words they share", async ({ page }) => {
  await page.goto("/curator");
  await expect(page.getByRole("heading", { name: "Skills that overlap" })).toBeVisible();
  const section = page.getByTestId("curator-overlaps");
  await expect(section).toContainText(/Of \d+ skills under the default roots/);
  const first = section.getByTestId("overlap-cluster").first();
  // Two real public skills that say the same thing in other words (fixtures/catalog/public-skills.jsonl).
  await expect(first.getByRole("link", { name: "artifacts-builder", exact: true })).toBeVisible();
  await expect(first.getByRole("link", { name: "web-artifacts-builder", exact: true })).toHaveAttribute("href", "/skills/web-artifacts-builder");
  await expect(first).toContainText("shadcn");
  expect(await section.getByTestId("overlap-cluster").count()).toBeGreaterThan(10);
});
