import { type CandidateVerdict, VERDICT_LABELS } from "@/lib/vocab/verdicts";

/** A candidate's verdict as a short badge, its full meaning in the title. */
export function VerdictBadge({ verdict }: { verdict: CandidateVerdict }) {
  return (
    <span className={`badge verdict-${verdict}`} title={VERDICT_LABELS[verdict]}>
      {verdict.replaceAll("_", " ")}
    </span>
  );
}
