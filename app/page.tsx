import Link from "next/link";
import { getDb } from "@/db/client";
import { decisionSummary } from "@/lib/services/decision-summary";

export const dynamic = "force-dynamic";

export default function OverviewPage() {
  const summary = decisionSummary(getDb(), {});
  return (
    <section>
      <h1>Overview</h1>
      {summary.total === 0 ? (
        <div className="empty">
          <p>No decisions in the last 7 days.</p>
          <p>
            Point an agent at <code>POST /api/pick-skill</code> (bearer token from <code>JEV_API_TOKEN</code>, printed at first
            start), or try <code>npx jev pick-skill --turn &quot;make a pdf&quot; --root ./your/skills</code>.
          </p>
        </div>
      ) : (
        <p>
          {summary.total} decisions in the last 7 days. <Link href="/decisions">See the breakdown</Link>.
        </p>
      )}
    </section>
  );
}
