import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readCatalogFile } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * A fresh Hermes home on its first run: Hermes seeds its bundled skills just
 * before the first turn, so the 30 skills the server indexed at start become
 * 104. That first turn is answered (the server waits for the new index within
 * the turn), and the reply says how.
 */
const PORT = 3186;
const TOKEN = "grown-catalog-token";
const dir = path.resolve(".tmp/e2e-grown");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;
let skills: string;
/** Real public skills with long bodies, as Hermes's bundled ones are. */
const cards = readCatalogFile(FIXTURES.publicSkillBodies).filter((s) => (s.body?.length ?? 0) > 6_000);

const writeSkill = (name: string, description: string, body: string) => {
  fs.mkdirSync(path.join(skills, name), { recursive: true });
  fs.writeFileSync(path.join(skills, name, "SKILL.md"), `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n${body}\n`);
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = isolatedServerEnv(dir, TOKEN);
  skills = path.join(env.HERMES_HOME, "skills");
  for (const [i, c] of cards.slice(0, 30).entries()) writeSkill(`user-${i}`, c.description, c.body ?? "");
  prepareDb(env);
  server = await startServer(PORT, env);
  await expect.poll(async () => (await (await fetch(`${base}/api/health`)).json()).index, { timeout: 30_000 }).toBe("ready");
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a catalog that grows from 30 to 104 skills just before the first turn: that turn is answered, and says how", async ({ request }) => {
  for (const [i, c] of cards.slice(30, 103).entries()) writeSkill(`bundled-${i}`, c.description, c.body ?? "");
  writeSkill("pdf-tools", "Merge, split and fill PDF files; extract their text and tables.", "# PDF tools\n\nUse pypdf to merge and split PDF files.");
  const res = await request.post(`${base}/api/pick-skill`, {
    headers: { authorization: `Bearer ${TOKEN}` },
    data: { turn: "merge these two PDF files into one", session_id: "first-turn", agent: "hermes" },
  });
  expect(res.status()).toBe(200);
  const reply = await res.json();
  expect(reply).toMatchObject({ status: "ok", skills: [{ name: "pdf-tools" }] });
  expect(reply.warnings).toEqual([
    expect.stringMatching(/^(waited \d+ ms for the local index of this catalog \(104 skills\)|answered from the previous local index .*)$/),
  ]);
});
