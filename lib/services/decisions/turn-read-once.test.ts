import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Db } from "../../../db/client";
import { freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { servePickSkill } from "./pick";

/** Every reading of a turn, counted where it is made: the gate, the secret check and the redaction. */
const reads = vi.hoisted(() => ({ gate: 0, secret: 0, redact: 0 }));
vi.mock("../../gate/local-gate", async (original) => {
  const real = await original<typeof import("../../gate/local-gate")>();
  const isTrivialTurn = (turn: string) => {
    reads.gate++;
    return real.isTrivialTurn(turn);
  };
  return { ...real, isTrivialTurn };
});
vi.mock("../../privacy/redact", async (original) => {
  const real = await original<typeof import("../../privacy/redact")>();
  const looksSecret = (turn: string) => {
    reads.secret++;
    return real.looksSecret(turn);
  };
  const redact = (turn: string) => {
    reads.redact++;
    return real.redact(turn);
  };
  // A turn the secret check cleared is redacted by its personal-data masks alone.
  const maskPersonalData = (turn: string) => {
    reads.redact++;
    return real.maskPersonalData(turn);
  };
  return { ...real, looksSecret, redact, maskPersonalData };
});

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let root: string;
beforeEach(() => {
  tmp = tempDir("jev-read-once-");
  db = freshDb(tmp.dir);
  root = skillTree(path.join(tmp.dir, "skills"), { pdf: "Merge, split and fill PDF files; extract their text and tables." });
  Object.assign(reads, { gate: 0, secret: 0, redact: 0 });
});
afterEach(() => tmp.cleanup());

it("a routed pick-skill request reads its turn once: one gate verdict, one secret check, one redaction for routing and the engine", async () => {
  const config = testConfig(tmp.dir);
  const served = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge these two PDF files into one", roots: [root], route: true });
  expect(served.reply.skills[0]?.name).toBe("pdf");
  expect(served.route).toMatchObject({ status: "ok", source: "features" }); // the local judge answers no routing questions: the turn's features do
  expect(reads).toMatchObject({ gate: 1, secret: 1, redact: 1 });
});

it("a secret-looking turn is checked once and never redacted for a judge: routing and the engine both see the one verdict", async () => {
  const config = testConfig(tmp.dir);
  const served = await servePickSkill(pickCtx({ db, config }), {
    channel: "api",
    turn: "merge with token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    roots: [root],
    route: true,
  });
  expect(served.reply).toMatchObject({ status: "fail_open", reason: "sensitive_turn" });
  expect(reads).toMatchObject({ gate: 1, secret: 1, redact: 0 });
});
