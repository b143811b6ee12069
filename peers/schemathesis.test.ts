import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_OPERATIONS } from "../app/api/contract";
import { PINNED_PYTHON, pinnedPythonBin } from "../lib/testing/agents/pinned-python";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * Schemathesis (PyPI, pinned) against the running app's own /api/openapi.json, with the token: every operation,
 * from the document's examples, its coverage cases and random inputs. Any 5xx, a reply its schema does not allow, an
 * undocumented status or content type, or a request over REQUEST_TIMEOUT_S (a hang) fails the run. Bounded by
 * MAX_EXAMPLES per operation and MAX_TIME_S in all; SCHEMATHESIS_SEED replays a run.
 */
const PORT = 3381;
const TOKEN = "peers-schemathesis-token";
const MAX_EXAMPLES = 25;
const MAX_TIME_S = 240;
const REQUEST_TIMEOUT_S = 10;
const CHECKS = ["not_a_server_error", "response_schema_conformance", "status_code_conformance", "content_type_conformance"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-peers-schemathesis-"));
let server: ServerProcess;
let tool: { bin: string; installMs: number };

beforeAll(async () => {
  tool = pinnedPythonBin("schemathesis");
  console.log(
    `schemathesis ${PINNED_PYTHON.schemathesis.version}: ${tool.installMs ? `installed in ${Math.round(tool.installMs / 1000)} s` : "from the cache"}`,
  );
  const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
  // The document's examples name a skill `pdf`, decision 1 and replay run 1: make them exist, so the examples and
  // the inputs built from them reach each route's work rather than its 404.
  writeSkill(path.join(env.HERMES_HOME, "skills"), "pdf", "Read, merge, split and fill PDF files");
  prepareDb(env);
  server = await startServer(PORT, env);
  for (const op of API_OPERATIONS.filter((o) => ["/api/pick-skill", "/api/replay"].includes(o.path))) {
    const body = op.body?.contentType ? String(op.example.body) : JSON.stringify(op.example.body);
    const headers = { authorization: `Bearer ${TOKEN}`, "content-type": op.body?.contentType ?? "application/json" };
    const reply = await fetch(`http://127.0.0.1:${PORT}${op.path}`, { method: op.method, headers, body });
    expect(reply.status, `${op.method} ${op.path}`).toBe(op.reply.status);
  }
});

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("schemathesis against /api/openapi.json", () => {
  it("finds no server error, no reply outside its schema and no hang, on every operation", () => {
    const base = `http://127.0.0.1:${PORT}`;
    const started = Date.now();
    const run = spawnSync(
      tool.bin,
      [
        "run",
        `${base}/api/openapi.json`,
        "--url",
        base,
        "--header",
        `Authorization: Bearer ${TOKEN}`,
        "--phases",
        "examples,coverage,fuzzing",
        "--checks",
        CHECKS.join(","),
        "--max-examples",
        String(MAX_EXAMPLES),
        "--max-time",
        String(MAX_TIME_S),
        "--request-timeout",
        String(REQUEST_TIMEOUT_S),
        "--workers",
        "1",
        "--no-color",
        ...(process.env.SCHEMATHESIS_SEED ? ["--seed", process.env.SCHEMATHESIS_SEED] : []),
      ],
      {
        encoding: "utf8",
        cwd: dir, // its own cache folder (.schemathesis) lands there, not in the checkout
        timeout: (MAX_TIME_S + 120) * 1000,
        env: { ...process.env, PYTHONPATH: path.join(import.meta.dirname, "support"), SCHEMATHESIS_HOOKS: "schemathesis_hooks" },
      },
    );
    const out = `${run.stdout ?? ""}${run.stderr ?? ""}`;
    console.log(`schemathesis ran ${Math.round((Date.now() - started) / 1000)} s:\n${out.slice(out.lastIndexOf("SUMMARY") - 40)}`);
    expect(run.status, out.slice(-6000)).toBe(0);
  });
});
