import Link from "next/link";
import { liveCtx } from "@/lib/services/context";
import { sessionTimeline } from "@/lib/services/decisions";
import { DecisionTable } from "../../_components/decision-table";
import { FeedbackList } from "../../_components/feedback-list";
import { EmptyState } from "../../_components/kit/empty-state";

export const dynamic = "force-dynamic";

/** The turns of one session in order, with what was suggested and what the agent reported. */
export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const session = decodeURIComponent((await params).id).slice(0, 256);
  const t = await sessionTimeline(liveCtx(), { session });
  return (
    <section>
      <p>
        <Link href="/decisions">← Decisions</Link>
      </p>
      <h1>
        Session <span className="path">{session}</span>
      </h1>
      {t.decisions.length === 0 ? (
        <EmptyState testId="session-empty" title="No decisions are logged for this session.">
          Agents send a session id as <code>session_id</code> with each <code>POST /api/pick-skill</code>; decisions older than the retention period are
          deleted.
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            {t.decisions.length} turns, oldest first. {t.feedback.filter((f) => f.event === "loaded").length} loads reported.
          </p>
          <DecisionTable decisions={t.decisions} showSession={false} />
        </>
      )}
      <h2>Loads and rejections reported</h2>
      <FeedbackList
        feedback={t.feedback}
        testId="session-feedback"
        empty={
          <>
            None. Agents report them with <code>POST /api/feedback</code> or <code>jev feedback</code>; until they do, rule 2 never suppresses anything for
            them.
          </>
        }
      />
    </section>
  );
}
