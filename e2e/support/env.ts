import { spawnSync } from "node:child_process";
import path from "node:path";

const dir = path.resolve(".tmp/e2e");

/**
 * The shared server's port: E2E_PORT, else a free one chosen once by the
 * runner (and passed to its workers in the environment), so a server of
 * yours on 3199 never makes `npm test` fail.
 */
function e2ePort(): string {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  const probe = spawnSync(
    process.execPath,
    ["-e", "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: "utf8" },
  );
  const port = /^\d+$/.test(probe.stdout) ? probe.stdout : "3199";
  process.env.E2E_PORT = port;
  return port;
}
const port = e2ePort();

/** Everything the e2e server and specs share: one place for ports, paths and the token. */
export const E2E = {
  dir,
  port,
  baseURL: `http://127.0.0.1:${port}`,
  token: "e2e-token-not-secret",
  hermesHome: path.join(dir, "hermes"),
  /** The server user's home: client roots below it are allowed (JEV_ALLOWED_ROOTS unset). */
  home: path.join(dir, "home"),
  /** A Hermes skill disabled in config.yaml: never offered. */
  disabledSkill: "docx",
  serverEnv: {
    PORT: port,
    HOST: "127.0.0.1",
    JEV_DB: path.join(dir, "jev.db"),
    JEV_API_TOKEN: "e2e-token-not-secret",
    HERMES_HOME: path.join(dir, "hermes"),
    HOME: path.join(dir, "home"),
    JEV_REPLAY_MAX_MB: "1",
    NEXT_TELEMETRY_DISABLED: "1",
    // The lexical judge alone: the specs pin its answers, and a vector build would race them. The sentence encoder's
    // own spec (semantic-judge.spec.ts) starts a server with it, as users get it.
    JEV_ENCODER: "off",
  },
};

export const authHeaders = { authorization: `Bearer ${E2E.token}` };
