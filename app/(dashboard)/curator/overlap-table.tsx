import Link from "next/link";
import type { OverlapCluster } from "@/lib/curator/overlaps";
import type { SkillOverlaps } from "@/lib/services/curator";
import { type Column, DataTable } from "../_components/kit/data-table";

const skillLinks = (c: OverlapCluster) =>
  c.skills.map((s, i) => (
    <span key={s.path}>
      {i > 0 && ", "}
      <Link href={`/skills/${encodeURIComponent(s.name)}`} title={s.path}>
        {s.name}
      </Link>
    </span>
  ));

const CLUSTERS: Column<OverlapCluster>[] = [
  {
    key: "overlap",
    header: "overlap",
    title:
      "How much the closest two explain each other, 0 to 1: each one's text asked of the index and scored against the other, or the cosine of their meanings",
    num: true,
    cell: (c) => c.pairs[0]?.overlap.toFixed(2),
  },
  { key: "skills", header: "skills", cell: skillLinks },
  {
    key: "shared",
    header: "words they share",
    cell: (c) => <span className="muted">{c.sharedTerms.length ? c.sharedTerms.join(", ") : "few: the same meaning"}</span>,
  },
];

const COPIES: Column<OverlapCluster>[] = [
  { key: "name", header: "name", cell: (c) => c.skills[0].name },
  { key: "where", header: "in", cell: (c) => c.skills.map((s) => <code key={s.path}>{s.path} </code>) },
];

/** What the encoder added to the words, said under the list. */
const MEANING_NOTE = {
  read: "and skills whose meanings are close (the sentence encoder's vectors of their names and descriptions), shared words or not",
  building: "by words alone for now: the skills' vectors are building, and skills that mean the same thing in other words are added once they are ready",
  off: "by words alone: the sentence encoder is off (JEV_ENCODER=off, or another judge)",
} as const;

/** Skills that overlap (jev's own index and encoder), and names in several roots: candidates for one umbrella skill. */
export function OverlapTable({ overlaps }: { overlaps: SkillOverlaps }) {
  return (
    <div data-testid="curator-overlaps">
      <p className="muted" data-meaning={overlaps.meaning}>
        Of {overlaps.skills} skills under the default roots, these explain each other: each one&apos;s name, description and body, asked of the index jev ranks
        with, finds the others among its nearest, {MEANING_NOTE[overlaps.meaning]}. Found in {overlaps.ms} ms on this machine;{" "}
        <code>jev curator overlaps --json</code> gives the same.
      </p>
      <DataTable
        columns={CLUSTERS}
        rows={overlaps.clusters}
        rowKey={(c) => c.skills.map((s) => s.path).join("\n")}
        testId="overlap-clusters"
        rowTestId="overlap-cluster"
        scroll
        empty={<p className="muted">No skills overlap: each one&apos;s text finds no other skill among its nearest.</p>}
      />
      {overlaps.copies.length > 0 && (
        <>
          <h3>Same name in more than one root</h3>
          <p className="muted">Only the first is offered to an agent; the others are never loaded.</p>
          <DataTable columns={COPIES} rows={overlaps.copies} rowKey={(c) => c.skills[0].name} testId="overlap-copies" scroll />
        </>
      )}
    </div>
  );
}
