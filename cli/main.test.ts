import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "./main";

let tmp: string;
let out: string[];
let err: ReturnType<typeof vi.spyOn>;
const run = (...argv: string[]) => main(argv, (line) => out.push(line));

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jev-cli-"));
  out = [];
  err = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubEnv("JEV_DB", path.join(tmp, "jev.db"));
  vi.stubEnv("HERMES_HOME", path.join(tmp, "hermes"));
  fs.mkdirSync(path.join(tmp, "skills", "xlsx"), { recursive: true });
  fs.writeFileSync(path.join(tmp, "skills", "xlsx", "SKILL.md"), "---\nname: xlsx\ndescription: Create and edit Excel spreadsheets with formulas.\n---\n");
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("jev pick-skill", () => {
  it("prints the reply as one JSON line", async () => {
    expect(await run("pick-skill", "--turn", "build an Excel spreadsheet with formulas", "--root", path.join(tmp, "skills"))).toBe(0);
    expect(out).toHaveLength(1);
    const reply = JSON.parse(out[0]);
    expect(reply.skills[0]).toMatchObject({ name: "xlsx", path: path.join(tmp, "skills", "xlsx", "SKILL.md") });
  });

  it("answers trivial turns from the gate", async () => {
    expect(await run("pick-skill", "--turn", "thanks!")).toBe(0);
    expect(out[0]).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}');
  });

  it.each([
    [["pick-skill"], /needs --turn/],
    [["pick-skill", "--turn", "x", "--nope"], /Unknown option '--nope'/],
    [["frobnicate"], /unknown command 'frobnicate'/],
    [[], /usage:/],
    [["eval", "--catalog", "/does/not/exist.jsonl", "--cases", "/nope.jsonl"], /cannot read catalog file/],
  ])("exits 2 with one line for %j", async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err).toHaveBeenCalledTimes(1);
    expect(String(err.mock.calls[0][0])).toMatch(message);
    expect(out).toEqual([]);
  });
});

describe("jev eval", () => {
  it("prints one JSON object of metrics and names the bad line of a broken file", async () => {
    const catalog = path.join(tmp, "c.jsonl");
    const cases = path.join(tmp, "k.jsonl");
    fs.writeFileSync(catalog, ['{"name":"xlsx","description":"Excel spreadsheets with formulas","path":"a/xlsx"}', '{"name":"pdf","description":"PDF documents","path":"a/pdf"}'].join("\n"));
    fs.writeFileSync(cases, ['{"turn":"make an excel spreadsheet","expected":["a/xlsx"]}', '{"turn":"tell me a joke","expected":[]}'].join("\n"));
    expect(await run("eval", "--catalog", catalog, "--cases", cases)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ cases: 2, top1: 1, recall_at_3: 1, none_recall: 1 });
    fs.appendFileSync(cases, '\n{"turn": 5}');
    expect(await run("eval", "--catalog", catalog, "--cases", cases)).toBe(2);
    expect(String(err.mock.calls[0][0])).toMatch(/k\.jsonl:3: turn/);
  });
});
