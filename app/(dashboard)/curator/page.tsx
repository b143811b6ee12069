import Link from "next/link";
import { ago } from "@/lib/curator/status";
import type { PlannedStep } from "@/lib/curator/transitions";
import { JevError } from "@/lib/errors";
import { liveCtx } from "@/lib/services/context";
import { type CuratorOverview, curatorOverview } from "@/lib/services/curator/overview";
import { CuratorButton } from "../_components/curator-button";

export const dynamic = "force-dynamic";

const STEP_LABELS: Record<PlannedStep, string> = {
  keep: "no change",
  seed: "start its clock",
  reanchor: "start its clock",
  reactivate: "make active",
  mark_stale: "mark stale",
  archive: "archive",
};

/**
 * The Hermes curator: its state and schedule, what the next run would do to
 * each skill and why (the dry-run preview), the actions (with confirmation
 * and the API token), archived skills to restore, past run reports, and the
 * curator's own history.
 */
export default async function CuratorPage() {
  let o: CuratorOverview;
  try {
    o = await curatorOverview(liveCtx());
  } catch (err) {
    return (
      <section>
        <h1>Curator</h1>
        <div className="empty" data-testid="curator-empty">
          <p>{err instanceof JevError ? err.message : "the Hermes home could not be read"}</p>
          <p className="muted">
            The curator keeps a Hermes home&apos;s skills tidy in place, as Hermes&apos;s own curator does: set <code>HERMES_HOME</code> (default{" "}
            <code>~/.hermes</code>) and restart. To try it first, <code>npm run demo</code> writes a synthetic home:{" "}
            <code>HERMES_HOME=data/demo/hermes npm start</code>.
          </p>
        </div>
      </section>
    );
  }
  const s = o.status;
  const now = Date.now();
  const changes = o.plan.filter((p) => p.step !== "keep");
  return (
    <section>
      <h1>Curator</h1>
      <div className="stats" data-testid="curator-status">
        <div className="stat">
          <span className="stat-value">{s.mode}</span>
          <span className="stat-label">{s.state.run_count} runs</span>
        </div>
        <div className="stat">
          <span className="stat-value">{ago(s.state.last_run_at, now)}</span>
          <span className="stat-label">last run</span>
        </div>
        <div className="stat">
          <span className="stat-value">{"at" in o.nextRun ? o.nextRun.at.slice(0, 16).replace("T", " ") : "—"}</span>
          <span className="stat-label">{"at" in o.nextRun ? "next run (UTC), when Hermes is idle" : o.nextRun.never}</span>
        </div>
        <div className="stat">
          <span className="stat-value">{o.plan.length}</span>
          <span className="stat-label">curated skills</span>
        </div>
      </div>
      <p className="muted">
        {o.home} · every {s.intervalHours % 24 === 0 ? `${s.intervalHours / 24} d` : `${s.intervalHours} h`} · stale after {s.staleAfterDays} d unused · archive
        after {s.archiveAfterDays} d · consolidation {s.consolidate ? "on" : "off"} · {o.unmanaged} unmanaged skills (not curated until adopted)
      </p>
      <p className="muted" data-testid="curator-defaults">
        Defaults in force: {s.defaults.why}
        {s.defaults.fromConfig.length > 0 && `; config.yaml sets ${s.defaults.fromConfig.join(" and ")}, which wins`}.
      </p>
      {s.state.last_run_summary && (
        <p data-testid="last-summary">
          Last run: <code>{s.state.last_run_summary}</code>
        </p>
      )}
      <div className="actions">
        <CuratorButton
          action="run"
          dryRun={false}
          label="Run now"
          confirm="Run the curator now? Idle skills go stale or are archived (moved to skills/.archive) as the plan below says."
        />
        <CuratorButton action="run" dryRun={true} label="Dry run" confirm="Record a dry run? Nothing changes but the curator's summary and a report." />
      </div>

      <h2>The next run</h2>
      {o.plan.length === 0 ? (
        <div className="empty">
          <p>
            No curated skills: the curator manages skills Hermes created in the background (<code>created_by: agent</code>), bundled skills when{" "}
            <code>curator.prune_builtins</code> is on, and any skill you pin.
          </p>
        </div>
      ) : (
        <>
          <p className="muted">
            {changes.length === 0 ? "A run now would change nothing." : `A run now would change ${changes.length} of ${o.plan.length} skills:`}
          </p>
          <div className="table-scroll">
            <table className="decisions" data-testid="curator-plan">
              <thead>
                <tr>
                  <th>skill</th>
                  <th>state</th>
                  <th>next run</th>
                  <th>why</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {o.plan.map((p) => (
                  <tr key={p.name} data-step={p.step}>
                    <td>
                      <Link href={`/skills/${encodeURIComponent(p.name)}`}>{p.name}</Link>
                    </td>
                    <td>{p.state}</td>
                    <td>{p.step === "keep" ? <span className="muted">{STEP_LABELS[p.step]}</span> : <strong>{STEP_LABELS[p.step]}</strong>}</td>
                    <td className="muted">{p.why}</td>
                    <td>
                      {p.why === "pinned" ? (
                        <CuratorButton
                          action="unpin"
                          name={p.name}
                          label="Unpin"
                          confirm={`Unpin '${p.name}'? The automatic transitions will apply to it again.`}
                        />
                      ) : (
                        <CuratorButton
                          action="pin"
                          name={p.name}
                          label="Pin"
                          confirm={`Pin '${p.name}'? A pinned skill never goes stale or is archived automatically.`}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <h2>Archived</h2>
      {o.archived.length === 0 ? (
        <p className="muted">Nothing in skills/.archive.</p>
      ) : (
        <ul data-testid="archived">
          {o.archived.map((name) => (
            <li key={name}>
              <Link href={`/skills/${encodeURIComponent(name.replace(/-\d{14}$/, ""))}`}>{name}</Link>{" "}
              <CuratorButton
                action="restore"
                name={name.replace(/-\d{14}$/, "")}
                label="Restore"
                confirm={`Move '${name}' back to skills/${name.replace(/-\d{14}$/, "")} and mark it active?`}
              />
            </li>
          ))}
        </ul>
      )}

      <h2>Run reports</h2>
      {o.reports.length === 0 ? (
        <p className="muted">
          {s.state.run_count > 0
            ? `No run reports in ${o.home}/logs/curator, although .curator_state counts ${s.state.run_count} runs: their reports were removed or written elsewhere.`
            : `No runs yet (reports go to ${o.home}/logs/curator).`}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="decisions" data-testid="curator-reports">
            <thead>
              <tr>
                <th>started</th>
                <th className="num">checked</th>
                <th className="num">stale</th>
                <th className="num">archived</th>
                <th className="num">reactivated</th>
                <th>consolidation</th>
                <th>report</th>
              </tr>
            </thead>
            <tbody>
              {o.reports.map((r) => (
                <tr key={r.folder}>
                  <td>
                    {r.startedAt ?? "?"}
                    {r.dryRun && <span className="badge">dry run</span>}
                  </td>
                  <td className="num">{r.counts.checked ?? ""}</td>
                  <td className="num">{r.counts.marked_stale ?? ""}</td>
                  <td className="num">{r.counts.archived ?? ""}</td>
                  <td className="num">{r.counts.reactivated ?? ""}</td>
                  <td className="muted">{r.llmSummary ?? ""}</td>
                  <td>
                    <code>{r.folder}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>What the curator did</h2>
      {o.history.length === 0 ? (
        <p className="muted">No curator actions recorded by jev yet.</p>
      ) : (
        <ul data-testid="curator-history">
          {o.history.map((e) => (
            <li key={e.id}>
              {new Date(e.at).toISOString().slice(0, 16).replace("T", " ")} · {e.kind} <Link href={`/skills/${encodeURIComponent(e.skill)}`}>{e.skill}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
