"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { REPLAY_PHASE_LABELS, type ReplayPhase } from "@/lib/vocab/replay-runs";
import { readReplayProgress } from "../_actions/replay-progress";

/** How often a running run's progress is asked for. */
const POLL_MS = 1_000;

/**
 * A running run's progress: its phase and share done, polled from the server
 * (TanStack Query, a small read instead of the whole page) until the run
 * ends, when the page is refreshed once to show its report. The run itself
 * goes on in the server whether or not the page is open.
 */
export function RunProgress({ runId, phase, progress }: { runId: number; phase: ReplayPhase; progress: number }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: ["replay-progress", runId],
    queryFn: () => readReplayProgress({ id: runId }),
    refetchInterval: (query) => (query.state.data?.ok && query.state.data.status !== "running" ? false : POLL_MS),
    staleTime: 0,
  });
  const live = data?.ok ? data : { status: "running" as const, phase, progress };
  useEffect(() => {
    if (live.status !== "running") router.refresh();
  }, [live.status, router]);
  const percent = Math.floor(live.progress * 100);
  return (
    <div className="run-progress" data-testid="run-progress">
      <progress value={live.progress} max={1} aria-label="Run progress" />
      <span>
        {REPLAY_PHASE_LABELS[live.phase]}… {percent}%
      </span>
    </div>
  );
}
