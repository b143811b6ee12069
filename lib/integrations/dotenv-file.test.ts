import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "dotenv";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { removeDotenvKeys, writeDotenv } from "./dotenv-file";

let tmp: ReturnType<typeof tempDir>;
let env: string;
beforeEach(() => {
  tmp = tempDir("jev-dotenv-");
  env = path.join(tmp.dir, ".env");
});
afterEach(() => tmp.cleanup());

const ours = new Map([
  ["JEV_URL", "http://127.0.0.1:3000"],
  ["JEV_API_TOKEN", "jev_abc"],
]);

describe("a Hermes .env, edited as dotenv reads it (second hardening round)", () => {
  it("a quoted multi-line value keeps its closing quote and does not swallow the next key; every other byte stays", async () => {
    const text = '# keys\nPRIVATE_KEY="-----BEGIN KEY-----\nMIIB\nJEV_URL=not-a-key\n-----END KEY-----"\nJEV_URL=http://old\nOTHER=1\n';
    fs.writeFileSync(env, text);
    const before = parse(text);
    expect(await writeDotenv(env, ours)).toEqual([
      { key: "JEV_URL", change: "changed" },
      { key: "JEV_API_TOKEN", change: "added" },
    ]);
    const written = fs.readFileSync(env, "utf8");
    expect(written).toBe(
      '# keys\nPRIVATE_KEY="-----BEGIN KEY-----\nMIIB\nJEV_URL=not-a-key\n-----END KEY-----"\nJEV_URL=http://127.0.0.1:3000\nOTHER=1\nJEV_API_TOKEN=jev_abc\n',
    );
    expect(parse(written)).toEqual({ ...before, JEV_URL: "http://127.0.0.1:3000", JEV_API_TOKEN: "jev_abc" });
    expect(await removeDotenvKeys(env, new Set(ours.keys()))).toEqual(["JEV_URL", "JEV_API_TOKEN"]);
    expect(parse(fs.readFileSync(env, "utf8"))).toEqual({ PRIVATE_KEY: before.PRIVATE_KEY, OTHER: "1" });
  });

  it("a link, a FIFO or a folder at .env is refused before anything is written (and a FIFO does not hang it)", async () => {
    const outside = path.join(tmp.dir, "outside.env");
    fs.writeFileSync(outside, "SECRET=1\n");
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, env);
    await expect(writeDotenv(env, ours)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("is a symlink") });
    expect(fs.readFileSync(outside, "utf8")).toBe("SECRET=1\n");
    expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    fs.unlinkSync(env);
    execFileSync("mkfifo", [env]);
    await expect(writeDotenv(env, ours)).rejects.toMatchObject({ message: expect.stringContaining("not a regular file") });
    fs.unlinkSync(env);
    fs.mkdirSync(env);
    await expect(removeDotenvKeys(env, new Set(["JEV_URL"]))).rejects.toMatchObject({ message: expect.stringContaining("is a folder") });
  });
});
