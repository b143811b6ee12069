import { minuteText } from "@/lib/base/time";
import { ago } from "@/lib/curator/status";
import type { CuratorOverview } from "@/lib/services/curator";
import { CuratorButton } from "../_components/curator-button";
import { Stat } from "../_components/stat";

/** The curator's mode, last and next run, its settings in force, the last run's summary, and the buttons that run it. */
export function StatusPanel({ o, now }: { o: CuratorOverview; now: number }) {
  const s = o.status;
  return (
    <>
      <div className="stats" data-testid="curator-status">
        <Stat label={`${s.state.run_count} runs`} value={s.mode} />
        <Stat label="last run" value={ago(s.state.last_run_at, now)} />
        <Stat label={"at" in o.nextRun ? "next run (UTC)" : o.nextRun.never} value={"at" in o.nextRun ? minuteText(o.nextRun.at) : "—"} />
        <Stat label="curated skills" value={o.plan.length} />
      </div>
      <p data-testid="curator-schedule">
        {"at" in o.nextRun ? (
          <>
            Next run {minuteText(o.nextRun.at)} UTC: {o.nextRun.why}. Idle means no use, view or patch of any skill for {o.nextRun.idleHours} h; the newest was{" "}
            {o.nextRun.newestActivityAt ? ago(o.nextRun.newestActivityAt, now) : "never (so nothing waits)"}.
          </>
        ) : (
          <>The curator does not run: {o.nextRun.never}.</>
        )}
      </p>
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
        {s.state.paused ? (
          <CuratorButton
            action="resume"
            label="Resume"
            confirm="Resume the curator? It runs again when due and Hermes is idle, moving idle skills as the plan below says."
          />
        ) : (
          <CuratorButton
            action="pause"
            label="Pause"
            confirm="Pause the curator? Neither jev nor Hermes runs it until it is resumed (Hermes's own paused flag in skills/.curator_state)."
          />
        )}
      </div>
    </>
  );
}
