import Link from "next/link";
import { describeRules } from "@/lib/rules/describe-rules";
import type { ReplayRun } from "@/lib/services/replay-runs";
import { REPLAY_SOURCE_LABELS } from "@/lib/vocab/replay-runs";
import { pct } from "./run-report";

type Done = ReplayRun & { report: NonNullable<ReplayRun["report"]> };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Two finished runs side by side: their logs and rules, before/after and removals, and the skills they treat differently. */
export function RunCompare({ a, b }: { a: Done; b: Done }) {
  const rows: { label: string; of: (r: Done) => number; format?: (n: number) => string }[] = [
    { label: "recorded suggestions", of: (r) => r.report.recorded.suggestions },
    { label: "replayed suggestions", of: (r) => r.report.replayed.suggestions },
    { label: "replayed loads", of: (r) => r.report.replayed.loaded },
    { label: "replayed load rate", of: (r) => r.report.replayed.load_rate, format: pct },
    { label: "duplicates removed (rule 1)", of: (r) => r.report.removed.duplicates },
    { label: "rejected (rule 2)", of: (r) => r.report.removed.rejected },
    { label: "loads lost", of: (r) => r.report.removed.loads_lost },
  ];
  const bySkillB = new Map(b.report.skills.map((s) => [s.skill, s]));
  const skills = a.report.skills
    .map((s) => ({ skill: s.skill, a: s, b: bySkillB.get(s.skill) }))
    .filter((s) => s.b && (s.a.replayed !== s.b.replayed || s.a.loads_lost !== s.b.loads_lost))
    .sort((x, y) => Math.abs((y.b?.replayed ?? 0) - y.a.replayed) - Math.abs((x.b?.replayed ?? 0) - x.a.replayed));
  return (
    <>
      {a.log.digest !== b.log.digest && (
        <p className="warning">These runs read different logs, so their recorded figures differ too; compare runs of the same log to compare rules.</p>
      )}
      <div className="table-scroll">
        <table className="decisions" data-testid="compare">
          <thead>
            <tr>
              <th />
              <th className="num">
                <Link href={`/replay?run=${a.id}`}>run {a.id}</Link>
              </th>
              <th className="num">
                <Link href={`/replay?run=${b.id}`}>run {b.id}</Link>
              </th>
              <th className="num">difference</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>log</td>
              <td className="num">
                {REPLAY_SOURCE_LABELS[a.source]}, {a.log.events} events
              </td>
              <td className="num">
                {REPLAY_SOURCE_LABELS[b.source]}, {b.log.events} events
              </td>
              <td className="num">{a.log.digest === b.log.digest ? "same log" : "different logs"}</td>
            </tr>
            <tr>
              <td>rules</td>
              <td className="num">{describeRules(a.rules)}</td>
              <td className="num">{describeRules(b.rules)}</td>
              <td />
            </tr>
            {rows.map((row) => {
              const format = row.format ?? String;
              const delta = row.of(b) - row.of(a);
              return (
                <tr key={row.label}>
                  <td>{row.label}</td>
                  <td className="num">{format(row.of(a))}</td>
                  <td className="num">{format(row.of(b))}</td>
                  <td className="num">{row.format ? `${delta >= 0 ? "+" : ""}${(delta * 100).toFixed(1)} pt` : signed(delta)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h3>Skills the two runs treat differently</h3>
      {skills.length === 0 ? (
        <p className="muted">Every skill was shown as often, and lost as many loads, in both runs.</p>
      ) : (
        <div className="table-scroll">
          <table className="decisions" data-testid="compare-skills">
            <thead>
              <tr>
                <th>skill</th>
                <th className="num">shown in run {a.id}</th>
                <th className="num">shown in run {b.id}</th>
                <th className="num">loads lost in run {a.id}</th>
                <th className="num">loads lost in run {b.id}</th>
              </tr>
            </thead>
            <tbody>
              {skills.slice(0, 25).map((s) => (
                <tr key={s.skill}>
                  <td>{s.skill}</td>
                  <td className="num">{s.a.replayed}</td>
                  <td className="num">{s.b?.replayed}</td>
                  <td className="num">{s.a.loads_lost}</td>
                  <td className="num">{s.b?.loads_lost}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
