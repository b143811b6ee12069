import type { Page } from "@playwright/test";

/**
 * For specs about something else than the token: the tab starts with the API
 * token kept (as after a user typed it once), and the dashboard's "API token"
 * dialog is answered with it should it open anyway. The dialog itself is
 * driven by hand in e2e/curator.spec.ts.
 */
export async function answerTokenPrompts(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem("jev-api-token")) sessionStorage.setItem("jev-api-token", t);
  }, token);
  const dialog = page.getByRole("dialog", { name: "API token" });
  await page.addLocatorHandler(dialog, async () => {
    await dialog.getByLabel("API token").fill(token);
    await dialog.getByRole("button", { name: "Use this token" }).click();
  });
}
