import type { SkillCard } from "../catalog/types";
import { readCatalogFile } from "../eval/formats";
import { FIXTURES } from "./fixtures";

/**
 * A home of 60 real public skills (59 ranked: the selector-only
 * using-superpowers is set aside), as a new user's might be: Anthropic's
 * skills (the four document skills by their front matter alone, as
 * published in ComposioHQ/awesome-claude-skills, since their text is not
 * open), OpenAI's, obra/superpowers, and twenty of Hermes's bundled
 * skills. Every row comes from fixtures/catalog (sources and licences in its
 * README); nothing here is written for the tests.
 */
const HERMES = [
  "humanizer",
  "github-issues",
  "github-pr-workflow",
  "github-code-review",
  "arxiv",
  "plan",
  "systematic-debugging",
  "test-driven-development",
  "requesting-code-review",
  "obsidian",
  "notion",
  "google-workspace",
  "excalidraw",
  "ascii-art",
  "youtube-content",
  "huggingface-hub",
  "llm-wiki",
  "maps",
  "gif-search",
  "songwriting-and-ai-music",
  "research-paper-writing",
  "simplify-code",
  "docker-management",
];
const DOCUMENT_SKILLS = ["docx", "pdf", "pptx", "xlsx"];

export function plainHome(): SkillCard[] {
  const bodies = readCatalogFile(FIXTURES.publicSkillBodies);
  const frontMatter = readCatalogFile(FIXTURES.publicSkills);
  const from = (prefix: string) => bodies.filter((r) => r.path.startsWith(prefix));
  const hermes = HERMES.map((name) => {
    const row =
      bodies.find((r) => r.name === name && r.path.startsWith("NousResearch/")) ??
      frontMatter.find((r) => r.name === name && r.path.startsWith("NousResearch/"));
    if (!row) throw new Error(`no Hermes skill ${name} in the fixtures`);
    return row;
  });
  const documents = DOCUMENT_SKILLS.map((name) => {
    const row = frontMatter.find((r) => r.name === name && r.path.startsWith("ComposioHQ/awesome-claude-skills/document-skills/"));
    if (!row) throw new Error(`no document skill ${name} in the fixtures`);
    return row;
  });
  const home = [...from("anthropics/skills/"), ...documents, ...from("openai/skills/"), ...from("obra/superpowers/"), ...hermes];
  // One skill per name, the first found, as discovery keeps it (superpowers' and Hermes's share three).
  const byName = new Map<string, SkillCard>();
  for (const skill of home) if (!byName.has(skill.name)) byName.set(skill.name, skill);
  return [...byName.values()];
}
