import fs from "node:fs";
import path from "node:path";

/**
 * The demo's skills: written for jev's demo, not taken from anywhere. Each has
 * the turns users might type for it and how often agents load it when it is
 * suggested, so the demo shows useful skills next to mostly ignored ones.
 */
export const DEMO_SKILLS = [
  {
    name: "pdf-tools",
    description: "Demo skill: read, fill, merge and split PDF files; extract text and tables from PDF documents.",
    useful: 0.6,
    turns: ["merge these two PDF files", "extract the tables from this PDF report", "fill in this PDF form"],
  },
  {
    name: "spreadsheet",
    description: "Demo skill: create and edit Excel spreadsheets with formulas, pivot tables and charts.",
    useful: 0.55,
    turns: ["build an Excel spreadsheet with a pivot table", "add formulas to this xlsx sheet"],
  },
  {
    name: "git-commit",
    description: "Demo skill: write conventional git commit messages from the staged changes.",
    useful: 0.5,
    turns: ["write a commit message for my staged changes", "commit these changes with a good message"],
  },
  {
    name: "playwright-tests",
    description: "Demo skill: write Playwright end-to-end browser tests for web pages and forms.",
    useful: 0.45,
    turns: ["write a playwright test for the login form", "add an end-to-end browser test for checkout"],
  },
  {
    name: "sql-tuning",
    description: "Demo skill: explain slow SQL queries, read query plans and suggest indexes for PostgreSQL.",
    useful: 0.35,
    turns: ["why is this postgres query slow", "suggest an index for this SQL query plan"],
  },
  {
    name: "changelog",
    description: "Demo skill: write changelog entries and release notes from merged pull requests.",
    useful: 0.3,
    turns: ["write the changelog for this release", "draft release notes from the merged PRs"],
  },
  {
    name: "slide-deck",
    description: "Demo skill: make slide decks and presentations as pptx files.",
    useful: 0.05,
    turns: ["make a slide deck about our roadmap", "turn this outline into a pptx presentation"],
  },
  {
    name: "brand-voice",
    description: "Demo skill: rewrite marketing copy in the company's brand voice and tone.",
    useful: 0.02,
    turns: ["rewrite this paragraph in our brand voice", "make this product copy sound on-brand"],
  },
  {
    name: "meeting-notes",
    description: "Demo skill: summarise meeting transcripts into decisions and action items.",
    useful: 0.03,
    turns: ["summarise this meeting transcript", "turn these meeting notes into action items"],
  },
  {
    name: "diagram",
    description: "Demo skill: draw architecture diagrams as Mermaid or Graphviz from a description.",
    useful: 0.25,
    turns: ["draw an architecture diagram of these services", "make a mermaid diagram of this flow"],
  },
] as const;

/** Turns the demo sends that need no skill, or that the gate or the secret check answer. */
export const DEMO_OTHER_TURNS = [
  "thanks, that worked",
  "ok",
  "what's the capital of France?",
  "how are you doing today",
  "deploy with postgres://admin:demo-only-pw@db:5432/app",
];

/** Write the demo skills folder (one SKILL.md per skill, labelled as demo). */
export function writeDemoSkills(root: string): void {
  fs.rmSync(root, { recursive: true, force: true });
  for (const s of DEMO_SKILLS) {
    fs.mkdirSync(path.join(root, s.name), { recursive: true });
    fs.writeFileSync(
      path.join(root, s.name, "SKILL.md"),
      `---\nname: ${s.name}\ndescription: ${JSON.stringify(s.description)}\n---\n\n# ${s.name} (jev demo data)\n\nWritten for jev's demo; not a real skill.\n`,
    );
  }
}
