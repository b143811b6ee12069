import Link from "next/link";
import type { decisionPage } from "@/lib/services/decisions";
import { OUTCOME_LABELS } from "@/lib/vocab/reason-codes";
import { DecisionTable } from "../_components/decision-table";
import type { DecisionsView } from "./search-params";

type Page = Awaited<ReturnType<typeof decisionPage>>;

/** The decisions themselves, newest first, under every filter of the view, with the pager. */
export function DecisionLog({
  view,
  page,
  href,
  fromDay,
  lastDay,
}: {
  view: DecisionsView;
  page: Page;
  href: (patch: Partial<DecisionsView>) => string;
  fromDay: string;
  lastDay: string;
}) {
  return (
    <>
      <h2 id="log">
        Decision log{view.outcome ? `: ${OUTCOME_LABELS[view.outcome]}` : ""}
        {view.reason ? `: ${view.reason}` : ""}
      </h2>
      {page.decisions.length === 0 ? (
        <p className="muted" data-testid="table-empty">
          No decisions match these filters from {fromDay} to {lastDay}.{" "}
          <Link href={href({ outcome: undefined, reason: undefined })}>Clear the outcome and reason filters</Link>.
        </p>
      ) : (
        <DecisionTable decisions={page.decisions} />
      )}
      <nav className="pager" aria-label="Pages">
        {view.cursor && <Link href={href({ cursor: undefined })}>Newest</Link>}
        {page.next_cursor && (
          <Link href={href({ cursor: page.next_cursor })} rel="next">
            Older
          </Link>
        )}
      </nav>
    </>
  );
}
