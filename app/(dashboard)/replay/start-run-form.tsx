"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { RulesConfig } from "@/lib/rules/config";
import { REPLAY_SOURCE_LABELS, REPLAY_SOURCES, type ReplaySource } from "@/lib/vocab/replay-runs";
import { appendReplayUpload, beginReplayUpload, startReplay } from "../_actions/replay";
import { useWithToken } from "../_components/api-token";
import { RuleTwoFields } from "../_components/rule-two-fields";

/** Send a file in pieces, in order, reporting the share sent; returns the upload's id. */
async function uploadInPieces(file: File, withToken: ReturnType<typeof useWithToken>, onShare: (share: number) => void): Promise<string> {
  const begun = await withToken((token) => beginReplayUpload({ size: file.size, token }));
  if (!begun.ok) throw new Error(begun.message);
  for (let offset = 0; offset < file.size; offset += begun.chunkBytes) {
    const piece = new FormData();
    piece.set("id", begun.id);
    piece.set("offset", String(offset));
    piece.set("chunk", file.slice(offset, offset + begun.chunkBytes));
    const sent = await withToken((token) => {
      piece.set("token", token);
      return appendReplayUpload(piece);
    });
    if (!sent.ok) throw new Error(sent.message);
    onShare(sent.received / file.size);
  }
  return begun.id;
}

/**
 * Start a replay run: the log (my last 7 days, the demo week, or an uploaded
 * file, sent in pieces with its progress shown), the rules (starting from the
 * live ones), and optionally a sweep of values to try. The run goes on in the
 * background; the page then shows its progress.
 */
export function StartRunForm({ rules, maxMb }: { rules: RulesConfig; maxMb: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<ReplaySource>("live");
  const [sweep, setSweep] = useState(false);
  const withToken = useWithToken();
  const s = rules.suppression;

  const submit = (form: FormData) =>
    startTransition(async () => {
      setError(null);
      try {
        if (source === "upload") {
          const file = form.get("file");
          if (!(file instanceof File) || file.size === 0) throw new Error("choose a replay log (.jsonl) to upload");
          if (file.size > maxMb * 1e6) throw new Error(`the file is over ${maxMb} MB (JEV_REPLAY_MAX_MB)`);
          setStatus("Uploading 0%");
          form.set("upload", await uploadInPieces(file, withToken, (share) => setStatus(`Uploading ${Math.floor(share * 100)}%`)));
        }
        form.delete("file");
        setStatus("Starting…");
        const started = await withToken((token) => {
          form.set("token", token);
          return startReplay(form);
        });
        if (!started.ok) throw new Error(started.message);
        router.push(`/replay?run=${started.id}`);
      } catch (err) {
        setError(err instanceof Error ? err.message : "the run could not be started");
      } finally {
        setStatus(null);
      }
    });

  return (
    <form className="start-run" aria-label="Start a run" action={submit}>
      <fieldset className="filters">
        <legend>Log</legend>
        {REPLAY_SOURCES.map((value) => (
          <label key={value}>
            <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} /> {REPLAY_SOURCE_LABELS[value]}
          </label>
        ))}
        {source === "upload" && (
          <label>
            file <input type="file" name="file" accept=".jsonl,.json,.txt,application/x-ndjson" aria-label="Replay log file" />
          </label>
        )}
      </fieldset>
      <fieldset className="filters">
        <legend>Rules</legend>
        <label>
          <input type="checkbox" name="dedup_loaded" defaultChecked={rules.dedup_loaded} /> rule 1
        </label>
        <label>
          <input type="checkbox" name="enabled" defaultChecked={s.enabled} /> rule 2
        </label>
        <RuleTwoFields values={s} />
        <label>
          attribution minutes <input name="attribution_minutes" type="number" min={0} defaultValue={rules.attribution_minutes} />
        </label>
      </fieldset>
      <fieldset className="filters">
        <legend>
          <label>
            <input type="checkbox" name="sweep" checked={sweep} onChange={(e) => setSweep(e.target.checked)} /> Sweep a grid
          </label>
        </legend>
        {sweep && (
          <>
            <span className="muted">Values to try, separated by commas; an empty field keeps the rule above.</span>
            <label>
              min shown values <input name="sweep_min_suggestions" defaultValue="3, 5, 8" />
            </label>
            <label>
              window days values <input name="sweep_window_days" defaultValue="7, 14" />
            </label>
            <label>
              max load ratio values <input name="sweep_max_load_ratio" defaultValue="0.05, 0.1, 0.2" />
            </label>
            <label>
              retry hours values <input name="sweep_retry_hours" defaultValue="6, 24" />
            </label>
            <label>
              rule 1 values{" "}
              <select name="sweep_dedup" defaultValue="both">
                <option value="as_set">as set above</option>
                <option value="both">on and off</option>
              </select>
            </label>
          </>
        )}
      </fieldset>
      <div className="filters">
        <button type="submit" disabled={pending}>
          {pending ? (status ?? "Working…") : sweep ? "Start sweep" : "Start run"}
        </button>
        {pending && status && (
          <span role="status" className="muted">
            {status}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="warning">
          {error}
        </p>
      )}
    </form>
  );
}
