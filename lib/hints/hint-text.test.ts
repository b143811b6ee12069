import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hintText, whenToUse } from "./hint-text";
import { hintTokens } from "./hint-tokens";

const HOOK_DIR = path.resolve(import.meta.dirname, "../../integrations/claude-code");

/** The Claude Code (or Codex) hook's own hint for a reply, from its `hint_for`. */
function hookHint(reply: unknown, prompt: string, agent: "claude-code" | "codex" = "claude-code"): string | null {
  const argv = agent === "codex" ? "['jev_hook.py', '--agent', 'codex']" : "['jev_hook.py']";
  const r = spawnSync(
    "python3",
    [
      "-I",
      "-B",
      "-c",
      `import sys, json; sys.argv = ${argv}; sys.path.insert(0, ${JSON.stringify(HOOK_DIR)}); import jev_hook; a=json.load(sys.stdin); print(json.dumps(jev_hook.hint_for(a['reply'], a['prompt'])))`,
    ],
    { input: JSON.stringify({ reply, prompt }), encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe("the hint the agent's model reads", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-hint-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const skill = (name: string, description: string) => {
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    const file = path.join(dir, name, "SKILL.md");
    fs.writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`);
    return { name, path: file, description };
  };
  const pdf = skill(
    "pdf",
    "Comprehensive PDF manipulation toolkit for extracting text and tables, creating new PDFs, merging documents. When Claude needs to fill a form.",
  );
  const docx = skill("docx", '"Create, read, edit Word .docx documents and templates."');

  it("is built here exactly as the Claude Code hook builds it: a load, a shortlist, nothing", () => {
    const prompt = 'convert this   docx to pdf, and keep the "tables" exactly as they are in the original file please';
    const load = [{ name: "pdf", path: pdf.path, match: 0.81 }];
    const shortlist = [
      { name: "docx", path: docx.path, match: 0.24 },
      { name: "pdf", path: pdf.path, match: 0.16 },
    ];
    const fromFile = (s: { name: string; path: string; match: number }) => ({
      ...s,
      description: s.name === "pdf" ? pdf.description : "Create, read, edit Word .docx documents and templates.",
    });
    for (const skills of [load, shortlist, []]) {
      expect(hintText(prompt, skills.map(fromFile))).toBe(hookHint({ status: "ok", needs_skill: 0.9, skills, latency_ms: 1 }, prompt));
    }
    expect(hintText(prompt, shortlist.map(fromFile))).toContain('"docx" (Create, read, edit Word .docx documents and templates.)');
  });

  it("tells Codex, which has no Skill tool, to read each offered skill's SKILL.md at its path", () => {
    const hint = hookHint(
      { status: "ok", needs_skill: 0.9, skills: [{ name: "docx", path: docx.path, match: 0.3 }], latency_ms: 1 },
      "make a word doc",
      "codex",
    );
    expect(hint).toContain("If one of these fits, read its SKILL.md before answering that prompt");
    expect(hint).toContain(`"docx" at ${docx.path} (Create, read, edit Word .docx documents and templates.)`);
  });

  it("says when to use a skill in one line of at most 90 characters", () => {
    expect(whenToUse("Create, merge, split PDF files. Also forms.")).toBe("Create, merge, split PDF files.");
    const long = whenToUse(pdf.description);
    expect(long.length).toBeLessThanOrEqual(90);
    expect(long.endsWith("\u2026")).toBe(true);
  });

  it("is short: a three-skill shortlist is under 120 tokens", () => {
    const hint = hintText(
      "make a deck for the board",
      [pdf, docx, pdf].map((s, k) => ({ ...s, match: 0.3 - k / 10 })),
    );
    expect(hintTokens(hint)).toBeGreaterThan(20);
    expect(hintTokens(hint)).toBeLessThan(120);
    expect(hintTokens(null)).toBe(0);
  });
});
