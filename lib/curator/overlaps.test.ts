import { describe, expect, it } from "vitest";
import type { SkillCard } from "../catalog/types";
import { FakeEncoder } from "../testing/fake-encoder";
import { MIN_MEANING } from "./meaning-pairs";
import { copyClusters, MAX_CLUSTER, overlapClusters } from "./overlaps";

const card = (name: string, description: string, body = ""): SkillCard => ({ name, description, path: `/skills/${name}/SKILL.md`, ...(body ? { body } : {}) });

/** A catalog of plain, unrelated skills for the overlapping ones to stand out from. */
const UNRELATED = [
  card("docx", "Create and edit Word documents with tracked changes, comments and styles."),
  card("xlsx", "Build Excel spreadsheets: formulas, pivot tables, conditional formatting and charts."),
  card("git-bisect", "Find the commit that introduced a regression with git bisect."),
  card("weather", "Look up the forecast and current weather for a city."),
  card("sql-tuning", "Speed up slow SQL queries: read query plans, add indexes, rewrite joins."),
  card("haiku", "Write haiku poems with a 5-7-5 syllable pattern."),
];

describe("skills that overlap, found with the local index", () => {
  it("pairs skills whose texts explain each other, with the words they share, and leaves unrelated ones alone", () => {
    const clusters = overlapClusters([
      ...UNRELATED,
      card("pdf-merge", "Merge PDF files and split PDF pages.", "Use qpdf to merge PDF files; split pages out of a PDF; rotate pages."),
      card("pdf-tools", "Merge, split and rotate PDF pages.", "qpdf merges PDF files, splits PDF pages and rotates them."),
    ]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0].kind).toBe("overlap");
    expect(clusters[0].skills.map((s) => s.name).sort()).toEqual(["pdf-merge", "pdf-tools"]);
    expect(clusters[0].pairs[0].overlap).toBeGreaterThan(0.5);
    expect(clusters[0].sharedTerms).toEqual(expect.arrayContaining(["pdf", "merge"]));
  });

  it("finds nothing in a catalog of unrelated skills, or of one", () => {
    expect(overlapClusters(UNRELATED)).toEqual([]);
    expect(overlapClusters([UNRELATED[0]])).toEqual([]);
  });

  it("stops a chain of near pairs at MAX_CLUSTER skills", () => {
    const family = Array.from({ length: MAX_CLUSTER + 4 }, (_, i) =>
      card(`kafka-${i}`, `Operate Kafka topics, consumer groups and partitions (${i}).`, "Kafka brokers, topics, partitions and consumer lag."),
    );
    const clusters = overlapClusters([...UNRELATED, ...family]);
    expect(clusters.length).toBeGreaterThan(0);
    for (const c of clusters) expect(c.skills.length).toBeLessThanOrEqual(MAX_CLUSTER);
    const clustered = clusters.flatMap((c) => c.skills.map((s) => s.name));
    expect(clustered.every((name) => name.startsWith("kafka-"))).toBe(true);
    expect(new Set(clustered).size).toBe(clustered.length); // a skill is in one cluster at most
  });
});

describe("skills that mean the same thing, from the encoder's card vectors", () => {
  const cards = [
    ...UNRELATED,
    card("artifacts-builder", "Build elaborate multi-component HTML artifacts with React."),
    card("ui-bundler", "Bundle interactive web pages from several frontend components."),
  ];
  // The fake encoder's meaning: each word of one description means a word of the other's (a real encoder learns it).
  const synonyms: [string, string][] = [
    ["ui", "artifacts"],
    ["bundler", "builder"],
    ["bundle", "build"],
    ["interactive", "elaborate"],
    ["web", "html"],
    ["pages", "artifacts"],
    ["from", "with"],
    ["several", "multi"],
    ["frontend", "react"],
    ["components", "component"],
  ];
  const vectorsOf = async (encoder: FakeEncoder) =>
    (
      await encoder.encode(
        cards.map((c) => `${c.name.replace(/-/g, " ")}: ${c.description}`),
        { kind: "passage", priority: "build" },
      )
    ).map((v) => v[0]);

  it("pairs two skills that share almost no word when their meanings are close, and says so", async () => {
    expect(overlapClusters(cards)).toEqual([]);
    const clusters = overlapClusters(cards, await vectorsOf(new FakeEncoder(new Map(synonyms))));
    expect(clusters).toHaveLength(1);
    expect(clusters[0].skills.map((s) => s.name).sort()).toEqual(["artifacts-builder", "ui-bundler"]);
    expect(clusters[0].pairs[0]).toMatchObject({ via: "meaning" });
    expect(clusters[0].pairs[0].overlap).toBeGreaterThanOrEqual(MIN_MEANING);
  });

  it("adds nothing when the meanings are far apart, and ignores vectors that do not match the cards", async () => {
    expect(overlapClusters(cards, await vectorsOf(new FakeEncoder()))).toEqual([]);
    expect(overlapClusters(cards, (await vectorsOf(new FakeEncoder(new Map(synonyms)))).slice(1))).toEqual([]);
  });
});

describe("same-name copies across roots", () => {
  it("groups a name found in several roots, in root order, and not one file seen twice", () => {
    const a = { ...card("pdf", "PDF tools."), path: "/home/me/.claude/skills/pdf/SKILL.md" };
    const b = { ...card("pdf", "PDF tools, older."), path: "/home/me/.codex/skills/pdf/SKILL.md" };
    const clusters = copyClusters([[a, card("docx", "Word.")], [b], [a]]);
    expect(clusters).toEqual([{ kind: "copies", skills: [a, b].map((s) => ({ name: s.name, path: s.path })), pairs: [], sharedTerms: [] }]);
  });
});
