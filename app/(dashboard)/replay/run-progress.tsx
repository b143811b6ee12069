"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { REPLAY_PHASE_LABELS, type ReplayPhase } from "@/lib/vocab/replay-runs";

/** How often a running run's page is refreshed from the server. */
const REFRESH_MS = 1_000;

/**
 * A running run's progress: its phase and share done, refreshed from the
 * server (the page's server component reads the run's row) until it is done;
 * the run itself goes on in the server whether or not the page is open.
 */
export function RunProgress({ phase, progress }: { phase: ReplayPhase; progress: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  const percent = Math.floor(progress * 100);
  return (
    <div className="run-progress" data-testid="run-progress">
      <progress value={progress} max={1} aria-label="Run progress" />
      <span>
        {REPLAY_PHASE_LABELS[phase]}… {percent}%
      </span>
    </div>
  );
}
