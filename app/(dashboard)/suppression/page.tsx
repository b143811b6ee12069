import Link from "next/link";
import { liveCtx } from "@/lib/services/context";
import { liveRules, rulesFileSetting, skillFeedbackSetting, suppressionPage } from "@/lib/services/rules";
import { SUPPRESSION_SORTS, type SuppressionSort } from "@/lib/vocab/suppression";
import { EmptyState } from "../_components/kit/empty-state";
import { RuleSettingsPanel } from "./rule-settings-panel";
import { parseSuppressionView, type SuppressionPageView, suppressionHref, whatIfRules } from "./search-params";
import { StateTiles } from "./state-tiles";
import { SuppressionTable } from "./suppression-table";
import { WhatIfForm } from "./what-if-form";

export const dynamic = "force-dynamic";

const SORT_LABEL: Record<SuppressionSort, string> = { suggestions: "most suggested", ratio: "lowest load ratio", last_shown: "last shown", skill: "name" };

/**
 * The suggestion rules and rule 2 as it stands: its switch and settings, then every skill shown to clients that
 * report loads in the window, with its state, counts and next retry, filterable and sortable in the URL. A what-if
 * form recomputes the states under other settings and marks the skills that would flip; it changes nothing live.
 */
export default async function SuppressionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseSuppressionView(await searchParams);
  const ctx = liveCtx();
  const { config } = ctx;
  const rules = liveRules(config);
  const whatIf = whatIfRules(view, rules);
  const { rows, counts, total, whatIf: compared } = await suppressionPage(ctx, { state: view.state, q: view.q, sort: view.sort, whatIf });
  const alt = compared?.states ?? null;
  const flips = compared?.flips ?? 0;
  const href = (patch: Partial<SuppressionPageView>) => suppressionHref(view, patch);
  const s = rules.suppression;
  return (
    <section>
      <h1>Suppression</h1>
      <RuleSettingsPanel rules={rules} ruleTwo={skillFeedbackSetting(config)} rulesFile={rulesFileSetting(config)} />
      {total === 0 ? (
        <EmptyState
          testId="suppression-empty"
          title={`No skill was shown to a client that reports loads in the last ${s.window_days} days, so rule 2 has nothing to judge.`}
        >
          Rule 2 counts suggestions only where loads can be known: requests with <code>&quot;feedback&quot;: true</code>, or sessions that report loads with{" "}
          <code>POST /api/feedback</code> (the hook recipe in docs/agents.md does both). Or load the demo fortnight from the Overview (<code>npm run demo</code>
          ).
        </EmptyState>
      ) : (
        <>
          <StateTiles counts={counts} current={view.state} href={(state) => href({ state })} />
          <WhatIfForm
            view={view}
            live={s}
            comparing={alt !== null}
            clearHref={href({ min: undefined, window: undefined, ratio: undefined, retry: undefined })}
          />
          {alt && (
            <p data-testid="flips">
              Under these settings {flips} {flips === 1 ? "skill" : "skills"} would change state (marked below). The live rules are unchanged.
            </p>
          )}
          <p className="muted">
            Sort:{" "}
            {SUPPRESSION_SORTS.map((sort) => (
              <Link
                key={sort}
                href={href({ sort })}
                aria-current={(view.sort ?? "suggestions") === sort ? "true" : undefined}
                style={{ marginRight: "0.75rem" }}
              >
                {SORT_LABEL[sort]}
              </Link>
            ))}
          </p>
          <SuppressionTable rows={rows} line={s.max_load_ratio} alt={alt} />
          {rows.length === 0 && (
            <p className="muted">
              No skill matches these filters. <Link href={href({ state: undefined, q: undefined })}>Show all</Link>.
            </p>
          )}
        </>
      )}
    </section>
  );
}
