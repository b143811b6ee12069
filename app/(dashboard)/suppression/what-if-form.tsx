import Link from "next/link";
import type { RulesConfig } from "@/lib/rules/config";
import { RuleTwoFields } from "../_components/rule-two-fields";
import type { SuppressionPageView } from "./search-params";

/** Rule 2's settings to compare against the live ones (a GET form: the what-if lives in the URL and changes nothing). */
export function WhatIfForm({
  view,
  live,
  comparing,
  clearHref,
}: {
  view: SuppressionPageView;
  live: RulesConfig["suppression"];
  comparing: boolean;
  clearHref: string;
}) {
  return (
    <form className="filters" method="get" action="/suppression" aria-label="What if" style={{ marginTop: "1.25rem" }}>
      <strong>What if</strong>
      {view.state && <input type="hidden" name="state" value={view.state} />}
      <RuleTwoFields
        values={{
          min_suggestions: view.min ?? live.min_suggestions,
          window_days: view.window ?? live.window_days,
          max_load_ratio: view.ratio ?? live.max_load_ratio,
          retry_hours: view.retry ?? live.retry_hours,
        }}
        names={{ min_suggestions: "min", window_days: "window", max_load_ratio: "ratio", retry_hours: "retry" }}
      />
      <button type="submit">Compare</button>
      {comparing && <Link href={clearHref}>Clear</Link>}
    </form>
  );
}
