import { expect, test } from "@playwright/test";
import { authHeaders } from "./support/env";

test("the Suppression page shows a skill rule 2 suppressed, filters and sorts in the URL, and a what-if marks flips", async ({ page, request }) => {
  // Five showings to a client that reports loads, none loaded: suppressed until its retry.
  const turn = "transcribe this audio recording with whisper";
  let skill = "";
  for (let i = 0; i < 5; i++) {
    const reply = await (await request.post("/api/pick-skill", { data: { turn, session_id: `page-supp-${i}`, feedback: true }, headers: authHeaders })).json();
    if (i === 0) skill = reply.skills.find((s: { match: number }) => s.match >= 0.5)?.name;
  }
  expect(skill, "the turn suggests a skill").toBeTruthy();

  await page.goto("/suppression");
  await expect(page.getByRole("heading", { name: "Suppression" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Suppression" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("live-rules")).toContainText("5+ times in 14 days");
  const row = page.getByTestId("suppression-table").locator("tr", { hasText: skill }).first();
  await expect(row).toHaveAttribute("data-state", "suppressed");

  await page.getByTestId("state-suppressed").click();
  await expect(page).toHaveURL(/state=suppressed/);
  for (const state of await page
    .getByTestId("suppression-table")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-state")))) {
    expect(state).toBe("suppressed");
  }

  await page.getByLabel("min shown").fill("50");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/min=50/);
  await expect(page.getByTestId("flips")).toContainText(/would change state/);
  await expect(row.getByTestId("flip")).toContainText("shown");

  await page.getByRole("link", { name: "name" }).click();
  await expect(page).toHaveURL(/sort=skill/);
  await expect(page).toHaveURL(/min=50/); // the what-if stays in the URL
});
