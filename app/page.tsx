import Link from "next/link";
import { getDb } from "@/db/client";
import { DESCRIPTION_CHARS } from "@/lib/catalog/types";
import { loadConfig } from "@/lib/config";
import { catalogOverview } from "@/lib/services/catalog-overview";
import { decisionSummary } from "@/lib/services/decision-summary";

export const dynamic = "force-dynamic";

const PROBLEM_TEXT = {
  missing: "No description: the skill can only be found by its name.",
  too_short: "A title rather than a description: say what it does and when to use it.",
  cut_off: `Longer than ${DESCRIPTION_CHARS} characters: only the start is read, so put what matters first.`,
} as const;
const SHOWN_PER_PROBLEM = 8;

export default function OverviewPage() {
  const summary = decisionSummary(getDb(), {});
  const catalog = catalogOverview(loadConfig());
  return (
    <section>
      <h1>Overview</h1>
      <h2>Decisions</h2>
      {summary.total === 0 ? (
        <div className="empty">
          <p>No decisions in the last 7 days.</p>
          <p>
            Point an agent at <code>POST /api/pick-skill</code> (bearer token from <code>JEV_API_TOKEN</code>, printed at first
            start), or try <code>npx jev pick-skill --turn &quot;make a pdf&quot;</code>.
          </p>
        </div>
      ) : (
        <p>
          {summary.total} decisions in the last 7 days. <Link href="/decisions">See the breakdown</Link>.
        </p>
      )}

      <h2>Catalog</h2>
      {catalog.skills === 0 ? (
        <div className="empty" data-testid="catalog-empty">
          <p>No skills found. jev looks for folders holding a SKILL.md in:</p>
          <ul>
            <li>
              <code>$HERMES_HOME/skills</code> (default <code>~/.hermes/skills</code>) and Hermes&apos;s <code>skills.external_dirs</code>
            </li>
            <li>
              <code>~/.claude/skills</code>, <code>~/.codex/skills</code>, <code>./skills</code>
            </li>
          </ul>
          <p>Add skills there, or pass roots explicitly to each request.</p>
        </div>
      ) : (
        <>
          <p data-testid="catalog-size">
            {catalog.skills} skills ranked from {catalog.roots.length} {catalog.roots.length === 1 ? "root" : "roots"}:{" "}
            {catalog.roots.map((r) => (
              <code key={r}>{r} </code>
            ))}
          </p>
          {catalog.overCap > 0 && (
            <p role="alert">
              {catalog.overCap} skills are over the 960-skill cap and are never ranked. Disable skills you do not use.
            </p>
          )}
          {(["missing", "too_short", "cut_off"] as const).map((problem) =>
            catalog.problems[problem].length === 0 ? null : (
              <div key={problem} className="problem">
                <h3>
                  {catalog.problems[problem].length} {problem.replace("_", " ")}
                </h3>
                <p className="muted">{PROBLEM_TEXT[problem]}</p>
                <ul>
                  {catalog.problems[problem].slice(0, SHOWN_PER_PROBLEM).map((s) => (
                    <li key={s.path}>
                      <strong>{s.name}</strong> <span className="muted">{s.path}</span>
                    </li>
                  ))}
                  {catalog.problems[problem].length > SHOWN_PER_PROBLEM && <li className="muted">and {catalog.problems[problem].length - SHOWN_PER_PROBLEM} more</li>}
                </ul>
              </div>
            ),
          )}
        </>
      )}
    </section>
  );
}
