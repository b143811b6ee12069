import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, PACKAGE_NAME, packageRoot, settleConfig, unsettleConfig } from "./config";

const env = (vars: Record<string, string>) => ({ HOME: "/home/u", ...vars });

describe("configuration (every environment variable, parsed once)", () => {
  it("defaults: the DB under the package folder whatever the working directory, Hermes under HOME", () => {
    const c = loadConfig(env({}));
    expect(c.dbFile).toBe(path.join(packageRoot(), "data", "jev.db"));
    expect(c.hermesHome).toBe("/home/u/.hermes");
    expect(c).toMatchObject({ judge: { kind: "local" }, metaSkills: ["using-superpowers"], retentionDays: 30, port: 3000, host: "127.0.0.1" });
    expect(c.skillFeedback).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(path.join(packageRoot(), "package.json"), "utf8")).name).toBe(PACKAGE_NAME);
  });

  it("reads each variable", () => {
    const c = loadConfig(
      env({ JEV_DB: "rel/x.db", HERMES_HOME: "~/h", JEV_META_SKILLS: "a, b ,", JEV_RETENTION_DAYS: "7", JEV_SKILL_FEEDBACK: "off", PORT: "4000" }),
    );
    expect(c.dbFile).toBe(path.resolve("rel/x.db"));
    expect(c.hermesHome).toBe("/home/u/h");
    expect(c).toMatchObject({ metaSkills: ["a", "b"], retentionDays: 7, skillFeedback: "off", port: 4000 });
    expect(loadConfig(env({ JEV_META_SKILLS: "" })).metaSkills).toEqual([]);
  });

  it("once a server settles it, the environment is read no more (another env object still is)", () => {
    const before = process.env.JEV_RETENTION_DAYS;
    try {
      process.env.JEV_RETENTION_DAYS = "7";
      expect(settleConfig().retentionDays).toBe(7);
      process.env.JEV_RETENTION_DAYS = "9";
      expect(loadConfig().retentionDays).toBe(7);
      expect(loadConfig({ JEV_RETENTION_DAYS: "9" }).retentionDays).toBe(9);
      unsettleConfig();
      expect(loadConfig().retentionDays).toBe(9);
    } finally {
      unsettleConfig();
      if (before === undefined) delete process.env.JEV_RETENTION_DAYS;
      else process.env.JEV_RETENTION_DAYS = before;
    }
  });

  it("a bad value is one error naming the variable", () => {
    expect(() => loadConfig(env({ JEV_RETENTION_DAYS: "soon" }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ JEV_RETENTION_DAYS: "0" }))).toThrow(/JEV_RETENTION_DAYS/);
    expect(() => loadConfig(env({ JEV_SKILL_FEEDBACK: "maybe" }))).toThrow(/JEV_SKILL_FEEDBACK: must be on or off/);
    expect(() => loadConfig(env({ JEV_ENCODER: "yes" }))).toThrow(/JEV_ENCODER: must be on or off/);
    expect(() => loadConfig(env({ PORT: "99999" }))).toThrow(/PORT/);
  });

  it("runs the local judge's sentence encoder unless JEV_ENCODER=off", () => {
    expect(loadConfig(env({})).encoder).toBe("on");
    expect(loadConfig(env({ JEV_ENCODER: "off" })).encoder).toBe("off");
  });

  it("reads a team's own encoder from JEV_ENCODER_MODEL, and refuses a folder the worker could not load, in one line", () => {
    expect(loadConfig(env({})).encoderModel).toBeNull();
    // jev's own folder is whole but has no decision.json beside it (its decision is HYBRID_MODELS, in code).
    const shipped = path.join(packageRoot(), "models", "jev-routing-minilm-l6-int8");
    expect(() => loadConfig(env({ JEV_ENCODER_MODEL: shipped }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ JEV_ENCODER_MODEL: shipped }))).toThrow(/^JEV_ENCODER_MODEL: .* has no decision\.json \(/);
    expect(() => loadConfig(env({ JEV_ENCODER_MODEL: "~/no-such-model" }))).toThrow("JEV_ENCODER_MODEL: /home/u/no-such-model is not a folder");
  });

  it("reads an OpenAI-compatible judge: a base URL gets /chat/completions, timeouts default, the deadline covers a request", () => {
    const judge = loadConfig(env({ JEV_JUDGE: "openai", JEV_JUDGE_URL: "http://127.0.0.1:11434/v1/", JEV_JUDGE_MODEL: "qwen3", JEV_JUDGE_KEY: "" })).judge;
    expect(judge).toMatchObject({ kind: "openai", remote: { model: "qwen3", key: undefined, requestTimeoutMs: 10_000, turnDeadlineMs: 20_000 } });
    expect("remote" in judge && judge.remote.endpoint.href).toBe("http://127.0.0.1:11434/v1/chat/completions");
    const full = loadConfig(
      env({
        JEV_JUDGE: "openai",
        JEV_JUDGE_URL: "https://api.example.com/v1/chat/completions",
        JEV_JUDGE_MODEL: "m",
        JEV_JUDGE_KEY: "sk-x",
        JEV_JUDGE_TIMEOUT_MS: "30000",
      }),
    ).judge;
    expect(full).toMatchObject({ kind: "openai", remote: { key: "sk-x", requestTimeoutMs: 30_000, turnDeadlineMs: 30_000 } });
    expect("remote" in full && full.remote.endpoint.href).toBe("https://api.example.com/v1/chat/completions");
    expect(() => loadConfig(env({ JEV_JUDGE_TIMEOUT_MS: "soon" }))).toThrow(/JEV_JUDGE_TIMEOUT_MS/);
  });

  it("a judge that cannot be used is reported, not thrown (selections fail open)", () => {
    expect(loadConfig(env({ JEV_JUDGE: "openai" })).judge).toMatchObject({ problem: expect.stringContaining("JEV_JUDGE_URL is required"), raw: "openai" });
    expect(loadConfig(env({ JEV_JUDGE: "openai", JEV_JUDGE_URL: "ftp://x" })).judge).toMatchObject({ problem: expect.stringContaining("http or https") });
    expect(loadConfig(env({ JEV_JUDGE: "openai", JEV_JUDGE_URL: "http://127.0.0.1:11434/v1" })).judge).toMatchObject({
      problem: expect.stringContaining("JEV_JUDGE_MODEL is required"),
    });
    expect(loadConfig(env({ JEV_JUDGE: "gpt" })).judge).toMatchObject({ problem: expect.stringContaining("must be one of") });
  });
});
