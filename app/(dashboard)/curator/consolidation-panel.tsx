import type { ConsolidationPreview } from "@/lib/curator/consolidation-preview";
import type { ConsolidationRecord } from "@/lib/services/curator";
import { consolidationApplyAction, consolidationPreviewAction, consolidationUndoAction } from "../_actions/consolidation";
import { ConfirmButton } from "../_components/confirm-button";
import { When } from "../_components/kit/cells";
import { EmptyState } from "../_components/kit/empty-state";

/** A unified diff, each line coloured by what it does. */
function Diff({ text }: { text: string }) {
  const lines = text.trimEnd().split("\n").slice(2); // drop jsdiff's "Index:" line and its rule; the ---/+++ lines name the file
  const kind = (l: string) => (l.startsWith("@@") ? "hunk" : l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : undefined);
  return (
    <pre className="diff" data-testid="consolidation-diff">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are fixed once shown
        <span key={i} className={kind(l)}>
          {l}
          {"\n"}
        </span>
      ))}
    </pre>
  );
}

function PreviewShown({ preview, home }: { preview: ConsolidationPreview; home: string }) {
  const rel = (file: string) => (file.startsWith(`${home}/`) ? file.slice(home.length + 1) : file);
  return (
    <div data-testid="consolidation-preview">
      <p>
        Preview <code>{preview.id}</code> (<When at={preview.createdAt} />
        ): {preview.changes.length} plan(s) for {preview.clusters.length} overlapping group(s), from {preview.judgeRequests} request(s) to the judge.
      </p>
      {preview.changes.map((change) => {
        const plan = preview.plans.find((p) => p.cluster === change.cluster);
        return (
          <div key={change.cluster} data-testid="consolidation-plan">
            {/* Not a heading: headings here are capitalised, and skill names must read as they are. */}
            <p>
              <strong>
                {change.umbrella.create ? "A new " : ""}
                <code>{change.umbrella.name}</code> absorbs {plan?.absorb.map((a) => `${a.skill} (as a ${a.as})`).join(", ")}
              </strong>
            </p>
            <p className="muted">{plan?.reason}</p>
            <Diff text={change.umbrella.diff} />
            <ul>
              {change.references.map((r) => (
                <li key={r.file}>writes {rel(r.file)}</li>
              ))}
              {change.archive.map((a) => (
                <li key={a.folder}>archives {rel(a.folder)} (restorable)</li>
              ))}
              {change.cron.map((c) => (
                <li key={c.job}>
                  cron job {c.job}: {c.before.join(", ")} → {c.after.join(", ")}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {preview.refused.length > 0 && (
        <ul data-testid="consolidation-refused">
          {preview.refused.map((r) => (
            <li key={`${r.cluster}:${r.reason}`} className="muted">
              group {r.cluster} left alone: {r.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function History({ history }: { history: ConsolidationRecord[] }) {
  if (!history.length) return <p className="muted">No consolidation applied yet.</p>;
  return (
    <ul data-testid="consolidation-history">
      {history.map((r) => (
        <li key={r.id}>
          <When at={r.at} /> · <code>{r.umbrella}</code> absorbed {r.absorbed.join(", ") || "nothing yet"}
          {r.undoneAt !== null && <span className="muted"> · undone</span>} {/* Kept once undone (disabled), so its answer stays shown. */}
          {r.undoneAt === null && r.interrupted && <span className="muted"> · interrupted: Undo takes back what it did</span>}
          <ConfirmButton
            run={consolidationUndoAction}
            fields={{ umbrella: r.umbrella }}
            label="Undo"
            disabled={r.undoneAt !== null}
            confirm={`Undo the consolidation into '${r.umbrella}'? ${r.absorbed.join(", ") || "Its siblings"} come back from the archive, ${r.created ? `the new '${r.umbrella}' goes to the archive` : `'${r.umbrella}' gets its SKILL.md back`}, and the cron jobs their skills; what was undone already is said. Refused, changing nothing, if an edit since would be lost.`}
          />
        </li>
      ))}
    </ul>
  );
}

/** The consolidation pass on the Curator page: what the remote judge would merge (a preview), applying it, undoing it. */
export function ConsolidationPanel(props: {
  home: string;
  judgeReady: boolean;
  consolidateOn: boolean;
  preview: ConsolidationPreview | null;
  history: ConsolidationRecord[];
}) {
  return (
    <div data-testid="consolidation">
      <p className="muted">
        The remote judge plans which overlapping skills of this home become one umbrella skill; jev writes the files, moves the absorbed skills to{" "}
        <code>skills/.archive</code> and points the cron jobs at the umbrella. Only the skills Hermes&apos;s curator manages (agent-created) are merged: skills
        written by hand, pinned, protected, bundled, hub and linked skills never are. The curator&apos;s due run includes the pass when{" "}
        <code>curator.consolidate</code> is on (it is {props.consolidateOn ? "on" : "off"}).
      </p>
      {props.judgeReady ? (
        // One row, always there: the Apply button's answer stays shown after the preview it applied is gone.
        <p className="actions">
          <ConfirmButton
            run={consolidationPreviewAction}
            fields={{}}
            label="Preview"
            busyLabel="Asking the judge…"
            confirm="Ask the remote judge for a plan for the overlapping skills? It is sent their names, descriptions and the start of each body (redacted), never a turn; nothing in the home changes."
          />{" "}
          <ConfirmButton
            run={consolidationApplyAction}
            fields={{ id: props.preview?.id ?? "" }}
            label="Apply"
            disabled={!props.preview?.changes.length}
            confirm={`Write the ${props.preview?.changes.length ?? 0} consolidation(s) shown below? The umbrellas' SKILL.md change as shown, the absorbed skills move to skills/.archive, and the cron jobs follow. If the home changed since the preview, nothing is written. Each can be undone whole under Applied.`}
          />
          {!props.preview?.changes.length && <span className="muted"> Nothing to apply until a preview has a plan.</span>}
        </p>
      ) : (
        <EmptyState testId="consolidation-needs-judge" title="The consolidation pass needs a remote judge.">
          Set <code>JEV_JUDGE=openai</code> and <code>JEV_JUDGE_URL</code> (any OpenAI-compatible endpoint) and restart: the local judge ranks skills, it writes
          no plans.
        </EmptyState>
      )}
      {props.preview && <PreviewShown preview={props.preview} home={props.home} />}
      <h3>Applied</h3>
      <History history={props.history} />
    </div>
  );
}
