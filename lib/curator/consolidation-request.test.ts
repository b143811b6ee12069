import { describe, expect, it } from "vitest";
import type { SkillCard } from "../catalog/types";
import { BODY_SENT, consolidationMessages } from "./consolidation-request";
import type { OverlapCluster } from "./overlaps";

describe("the consolidation pass's question", () => {
  const cards = new Map<string, SkillCard>([
    [
      "pdf",
      {
        name: "pdf",
        description: "Merge and split PDF files.",
        path: "/h/pdf/SKILL.md",
        body: `Use qpdf. Token: ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5; ask jane@example.org.\n${"x ".repeat(BODY_SENT)}`,
      },
    ],
    ["pdf-merge", { name: "pdf-merge", description: "Merge PDF files.", path: "/h/pdf-merge/SKILL.md" }],
  ]);
  const cluster: OverlapCluster = {
    kind: "overlap",
    skills: [...cards.values()].map((c) => ({ name: c.name, path: c.path })),
    pairs: [],
    sharedTerms: ["pdf", "merge"],
  };
  const [system, user] = consolidationMessages(
    [cluster],
    (s) => cards.get(s.name) ?? null,
    (name) => (name === "pdf-merge" ? "pinned" : null),
  );

  it("numbers the clusters, marks what may not change, and asks for the plan's JSON only", () => {
    expect(system.role).toBe("system");
    expect(system.content).toContain('{"plans":[{"cluster":1');
    expect(user.content).toContain("Cluster 1 (shared words: pdf, merge):\n- pdf: Merge and split PDF files.");
    expect(user.content).toContain("- pdf-merge (locked: pinned): Merge PDF files.");
  });

  it("sends no credential, no address, no path and only the start of a body", () => {
    expect(user.content).not.toContain("ghp_");
    expect(user.content).not.toContain("jane@example.org");
    expect(user.content).toContain("[SECRET]");
    expect(user.content).not.toContain("/h/pdf");
    expect(user.content.length).toBeLessThan(BODY_SENT + 400);
    expect(user.content).toContain(" …");
  });
});
