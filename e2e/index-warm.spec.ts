import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readCatalogFile } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * A Hermes home of 881 real skills with their bodies (5 MB of text, too much
 * to index in a turn): the server builds the index at start, says so on
 * /api/health, and then answers a turn without building anything. A server of
 * its own, so the catalog is its default one.
 */
const PORT = 3194;
const TOKEN = "index-warm-token";
const dir = path.resolve(".tmp/e2e-index");
const base = `http://127.0.0.1:${PORT}`;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = isolatedServerEnv(dir, TOKEN);
  const skills = path.join(env.HERMES_HOME, "skills");
  readCatalogFile(FIXTURES.publicSkillBodies).forEach((s, i) => {
    fs.mkdirSync(path.join(skills, `s${i}`), { recursive: true });
    fs.writeFileSync(
      path.join(skills, `s${i}`, "SKILL.md"),
      `---\nname: ${JSON.stringify(s.name)}\ndescription: ${JSON.stringify(s.description)}\n---\n${s.body ?? ""}\n`,
    );
  });
  prepareDb(env);
  server = await startServer(PORT, env);
});
test.afterAll(async () => {
  await server?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the default catalog's index is built at start; then a turn is answered without building", async ({ request }) => {
  await expect.poll(async () => (await (await request.get(`${base}/api/health`)).json()).index, { timeout: 30_000, intervals: [200] }).toBe("ready");
  // Tokenized on a worker thread too: the bundler compiled the worker as an entry of its own, and it ran.
  await expect.poll(() => server.stdout(), { timeout: 5_000 }).toMatch(/local index of \d+ skills built in \d+ ms \(tokenized on two threads\)/);
  const started = Date.now();
  const res = await request.post(`${base}/api/pick-skill`, {
    headers: { authorization: `Bearer ${TOKEN}` },
    data: { turn: "create a note in Apple Notes", session_id: "warm-1" },
  });
  const elapsed = Date.now() - started;
  expect(res.status()).toBe(200);
  const reply = await res.json();
  expect(reply.status).toBe("ok");
  expect(reply.skills[0].name).toBe("apple-notes");
  // Building this index in the turn takes well over a second here; answering from the built one, milliseconds.
  expect(elapsed).toBeLessThan(500);
});
