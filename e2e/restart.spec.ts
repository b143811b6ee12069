import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * A restart as a user meets it: the server comes up on a 60-skill Hermes home
 * and the agent's first turn, sent the moment /api/health answers, gets a
 * skill (it used to fail open for ~25 s on a loaded machine, while the walk of
 * the default roots ran past a request's budget). Twice: the second start finds
 * the database and the home as the first left them.
 */
const PORT = 3188;
const TOKEN = "restart-token";
const dir = path.resolve(".tmp/e2e-restart");
let server: ServerProcess | undefined;

test.afterAll(async () => {
  await server?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("after each restart the first pick-skill is answered with a skill within 2 s of health", async () => {
  test.setTimeout(180_000);
  const env = isolatedServerEnv(dir, TOKEN);
  const skills = path.join(env.HERMES_HOME, "skills");
  for (let i = 0; i < 59; i++) {
    fs.mkdirSync(path.join(skills, `tool-${i}`), { recursive: true });
    fs.writeFileSync(
      path.join(skills, `tool-${i}`, "SKILL.md"),
      `---\nname: tool-${i}\ndescription: Handle the chores of department number ${i} with care.\n---\n`,
    );
  }
  fs.mkdirSync(path.join(skills, "pdf-tools"), { recursive: true });
  fs.writeFileSync(path.join(skills, "pdf-tools", "SKILL.md"), "---\nname: pdf-tools\ndescription: Merge, split and extract text from PDF files.\n---\n");
  prepareDb(env);
  for (let start = 0; start < 2; start++) {
    server = await startServer(PORT, env); // resolves on the first 200 from /api/health
    const healthAt = Date.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/pick-skill`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ turn: "merge these two PDF files into one", session_id: `restart-${start}` }),
    });
    const reply = await res.json();
    expect(Date.now() - healthAt).toBeLessThan(2_000);
    expect(reply).toMatchObject({ status: "ok" });
    expect(reply.skills[0]?.name).toBe("pdf-tools");
    await server.kill("SIGTERM");
    server = undefined;
  }
});
