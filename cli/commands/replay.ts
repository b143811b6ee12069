import fs from "node:fs";
import { JevError } from "../../lib/base/errors";
import { BadReplayLine, readReplayLog } from "../../lib/replay/read-log";
import { readRulesFile } from "../../lib/replay/read-rules-file";
import type { ReplayReport } from "../../lib/replay/report";
import { runReplay } from "../../lib/replay/run-replay";
import { parseSweep, runSweep, type SweepPoint } from "../../lib/replay/sweep";
import { lineBatches } from "../../lib/replay/text-lines";
import { DEFAULT_RULES } from "../../lib/rules/config";
import { parseFlags, UsageError } from "../usage";

/** A progress line on stderr for logs at least this big, when stderr is a terminal. */
const PROGRESS_FROM_BYTES = 20_000_000;

/** `jev replay`: a recorded log before and after the suggestion rules (selection spec §7). */
export async function replayCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, {
    log: { type: "string" },
    rules: { type: "string" },
    sweep: { type: "string" },
    json: { type: "boolean" },
    strict: { type: "boolean" },
  });
  if (!flags.log) throw new UsageError("replay needs --log LOG.jsonl");
  const rules = flags.rules ? readRulesFile(flags.rules) : DEFAULT_RULES;
  const grid = flags.sweep ? parseSweep(readText(flags.sweep), flags.sweep) : undefined;
  let size: number;
  try {
    size = fs.statSync(flags.log).size;
  } catch {
    throw new JevError("bad_request", `cannot read ${flags.log}`);
  }
  const progress = process.stderr.isTTY && size >= PROGRESS_FROM_BYTES ? progressLine(size) : undefined;
  let read: Awaited<ReturnType<typeof readReplayLog>>;
  try {
    read = await readReplayLog(lineBatches(fs.createReadStream(flags.log)), { strict: flags.strict, onBatch: progress?.advance });
  } catch (err) {
    if (err instanceof BadReplayLine) throw new JevError("bad_request", `${flags.log} ${err.message}`);
    throw err;
  } finally {
    progress?.done();
  }
  if (grid) {
    const points = runSweep(
      read.events,
      grid,
      rules,
      process.stderr.isTTY ? (done, total) => process.stderr.write(`\rjev replay: sweep point ${done}/${total} `) : undefined,
    );
    if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
    if (flags.json) out(JSON.stringify({ events: read.events.length, bad_lines: read.badLines, points }));
    else for (const line of humanSweep(points)) out(line);
    return 0;
  }
  const report = runReplay(read.events, rules, read.badLines);
  if (flags.json) out(JSON.stringify(report));
  else for (const line of humanReport(report)) out(line);
  return 0;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    throw new JevError("bad_request", `cannot read ${file}`);
  }
}

/** One line per point, most suggestions removed first; `*` marks the frontier. */
function humanSweep(points: SweepPoint[]): string[] {
  const lines = ["  removed   lost  load rate  rules   (* = frontier: nothing removes more for the same loss)"];
  for (const p of [...points].sort((a, b) => b.suggestions_removed - a.suggestions_removed || a.loads_lost - b.loads_lost)) {
    const s = p.rules.suppression;
    const rules = `dedup ${p.rules.dedup_loaded ? "on" : "off"}, min ${s.min_suggestions}, window ${s.window_days} d, ratio ${s.max_load_ratio}, retry ${s.retry_hours} h`;
    lines.push(
      `${p.frontier ? "*" : " "} ${String(p.suggestions_removed).padStart(7)} ${String(p.loads_lost).padStart(6)}  ${(p.load_rate * 100).toFixed(1).padStart(8)}%  ${rules}`,
    );
  }
  return lines;
}

function progressLine(total: number) {
  let seen = 0;
  let lines = 0;
  let shownAt = 0;
  const started = performance.now();
  return {
    advance: (batchLines: number, chars: number) => {
      seen += chars;
      lines += batchLines;
      const now = performance.now();
      if (now - shownAt < 250) return;
      shownAt = now;
      const rate = Math.round(lines / ((now - started) / 1000));
      process.stderr.write(`\rjev replay: ${Math.min(100, Math.round((seen / total) * 100))}% of the log, ${rate.toLocaleString("en")} events/s `);
    },
    done: () => process.stderr.write("\r\x1b[K"),
  };
}

/** The recorded-vs-replayed table, what was removed, and the skills that lost most. */
export function humanReport(r: ReplayReport): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const row = (label: string, a: string | number, b: string | number) => `  ${label.padEnd(14)}${String(a).padStart(10)}${String(b).padStart(10)}`;
  const lines = [
    `replay of ${r.events.toLocaleString("en")} events${r.bad_lines.count ? ` (${r.bad_lines.count} bad lines skipped; first at line ${r.bad_lines.first[0].line}: ${r.bad_lines.first[0].problem})` : ""}`,
    row("", "recorded", "replayed"),
    row("suggestions", r.recorded.suggestions, r.replayed.suggestions),
    row("loaded", r.recorded.loaded, r.replayed.loaded),
    row("load rate", pct(r.recorded.load_rate), pct(r.replayed.load_rate)),
    `  removed: ${r.removed.duplicates} duplicates (rule 1), ${r.removed.rejected} rejected (rule 2), costing ${r.removed.loads_lost} loads`,
  ];
  const losing = r.skills.filter((s) => s.duplicates + s.rejected > 0).slice(0, 5);
  if (losing.length) {
    lines.push("  most removed:");
    for (const s of losing) lines.push(`    ${s.skill}: ${s.duplicates + s.rejected} of ${s.recorded} removed, ${s.loads_lost} loads lost`);
  }
  return lines;
}
