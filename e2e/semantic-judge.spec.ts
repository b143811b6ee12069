import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { readCatalogLines } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { requestHome } from "../lib/testing/request-home";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * The server as users get it: the local judge with its sentence encoder, in a Hermes home of 60 real public skills
 * with their bodies. The encoder loads and builds the skills' vectors in the background (the Overview and
 * /api/health say how far); then plain requests that share no word with their skill find it, and a restart reuses
 * every vector from the database.
 */
const PORT = 3187;
const TOKEN = "semantic-judge-token";
const dir = path.resolve(".tmp/e2e-semantic");
const base = `http://127.0.0.1:${PORT}`;
const auth = { authorization: `Bearer ${TOKEN}` };
let env: Record<string, string>;
let server: ServerProcess;

const health = async () => (await (await fetch(`${base}/api/health`)).json()) as { encoder?: string; skills: number };
const pick = async (turn: string) => {
  const res = await fetch(`${base}/api/pick-skill`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ turn }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { skills: { name: string; match: number }[]; warnings?: string[] };
};
const vectorRows = () => {
  const db = new Database(env.JEV_DB, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM skill_vectors").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = { ...isolatedServerEnv(dir, TOKEN), JEV_ENCODER: "on" };
  const full = new Map(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => [s.path, s]));
  for (const skill of requestHome()) {
    const folder = path.join(env.HERMES_HOME, "skills", skill.name);
    fs.mkdirSync(folder, { recursive: true });
    const description = full.get(skill.path)?.description ?? skill.description;
    fs.writeFileSync(
      path.join(folder, "SKILL.md"),
      `---\nname: ${JSON.stringify(skill.name)}\ndescription: ${JSON.stringify(description)}\n---\n${skill.body ?? ""}\n`,
    );
  }
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the encoder builds the skills' vectors in the background, and the Overview shows how far", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(auth);
  await page.goto(`${base}/`);
  await expect(page.getByTestId("encoder-state")).toContainText("Sentence encoder:");
  await expect.poll(async () => (await health()).encoder, { timeout: 100_000 }).toBe("ready");
  await page.reload();
  await expect(page.getByTestId("encoder-state")).toContainText(/ready \(jev-routing-minilm-l6-[0-9a-f]{12}\): \d+ skill texts have vectors/);
  expect((await health()).skills).toBe(60);
});

test("plain requests find skills they share no word with, and the reply says nothing about the judge", async () => {
  test.setTimeout(120_000);
  await expect.poll(async () => (await health()).encoder, { timeout: 100_000 }).toBe("ready");
  const slides = await pick("make slides for the board meeting next week");
  expect(slides.skills[0]?.name).toBe("powerpoint");
  expect(slides.warnings ?? []).toEqual([]);
  const notes = await pick("jot this grocery list down in my notes app");
  expect(notes.skills[0]).toMatchObject({ name: "apple-notes" });
  expect(notes.skills[0].match).toBeGreaterThanOrEqual(0.5);
  expect((await pick("what's the capital of France")).skills).toEqual([]);
});

test("a restart reads every vector back from the database and encodes no skill again", async () => {
  test.setTimeout(120_000);
  await expect.poll(async () => (await health()).encoder, { timeout: 100_000 }).toBe("ready");
  const rows = vectorRows();
  expect(rows).toBeGreaterThanOrEqual(60);
  await server.kill("SIGTERM");
  const started = Date.now();
  server = await startServer(PORT, env);
  await expect.poll(async () => (await health()).encoder, { timeout: 30_000, intervals: [100] }).toBe("ready");
  console.log(`encoder ready ${Date.now() - started} ms after the restart began`);
  expect(vectorRows()).toBe(rows);
  expect(server.stdout()).not.toContain("building skill vectors");
});
