import Link from "next/link";
import { notFound } from "next/navigation";
import { JevError } from "@/lib/base/errors";
import { liveCtx } from "@/lib/services/context";
import { type DecisionDetail, decisionDetail } from "@/lib/services/decisions";
import { FeedbackList } from "../../_components/feedback-list";
import { CandidatesTable } from "./candidates-table";
import { DecisionFacts } from "./decision-facts";

export const dynamic = "force-dynamic";

/** One decision: every candidate with its scores, its verdict and the rule that removed it. */
export default async function DecisionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,15}$/.test(id)) notFound();
  let d: DecisionDetail;
  try {
    d = await decisionDetail(liveCtx(), { id: Number(id) });
  } catch (err) {
    if (err instanceof JevError && err.code === "not_found") notFound();
    throw err;
  }
  return (
    <section>
      <p>
        <Link href="/decisions">← Decisions</Link>
      </p>
      <h1>Decision {d.id}</h1>
      <DecisionFacts d={d} />

      <h2>Candidates</h2>
      <CandidatesTable d={d} />

      <h2>Feedback in this session</h2>
      <FeedbackList
        feedback={d.feedback}
        testId="feedback"
        empty={
          d.session ? "The agent reported no loads or rejections in this session." : "No session id was sent, so feedback cannot be tied to this decision."
        }
      />
    </section>
  );
}
