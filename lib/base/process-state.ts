/**
 * Every cache, memo, queue and pool kept for the life of the process, by name: its lifetime and who forgets it.
 * Next.js and the front door (server/) each load their own copy of lib/, so a module-level Map would be kept
 * twice and forgotten once; one made here is shared by both copies. Read db/hot/README.md for the hot path's.
 */
export const PROCESS_STATE = {
  // Selection
  "jev.discovery": "catalogs per root list and parsed SKILL.md cards · re-validated by the tree watch or a re-check · clearDiscoveryCache",
  "jev.judges": "one judge per kind, with the local index · for the process · buildIndexesInBackground resets",
  "jev.preparedCatalogs": "a catalog's ranked form per discovered catalog · replaced when discovery answers a new catalog object",
  "jev.stageBatches": "batch splits per catalog size · pure, never stale",
  "jev.bm25fStatsStamps": "field statistics per catalog snapshot · replaced with the snapshot",
  "jev.cardFieldTerms": "each card's analysed fields · keyed by the card object (weak)",
  "jev.cardGrams": "each card's character n-grams · keyed by the card object (weak)",
  "jev.internedGrams": "n-gram ids · grows with the vocabulary, bounded by the catalog's text",
  "jev.ngramStatsStamps": "n-gram statistics per catalog snapshot · replaced with the snapshot",
  "jev.cardBodyWords": "word counts of card bodies · keyed by the card object (weak)",
  "jev.cardTextKeys": "each card's texts for the sentence encoder and their hashes · keyed by the card object (weak)",
  "jev.cardLines": "each card's line in a remote judge's prompt · keyed by the card object (weak)",
  "jev.tokenizePool": "the tokenizing worker · for the process; retired when it fails",
  "jev.denseSetup": "which sentence encoder set-up the local judge was given (database, mode) · for the process; set again when they change",
  "jev.judgePools": "HTTP connection pools per remote judge endpoint · closeJudgePools",
  "jev.pickDroppedLogged": "skill names already logged as over the judge's cap · for the process (log once)",
  "jev.pickWarned": "problems already warned about · for the process (warn once)",
  "jev.leftOutRoots": "roots a request left out, for the Overview and doctor · forgetLeftOutRoots",
  // Files
  "jev.stampedFiles": "small files parsed per parser, by mtime and size · forgetStamped after jev rewrites one",
  "jev.lockQueues": "one queue per flock file, so this process's own callers take turns · emptied as each finishes",
  "jev.configYamlWarned": "config.yaml problems already warned about · for the process (warn once)",
  "jev.hermesVersions": "`hermes --version` per interpreter · refreshed in the background after a while",
  "jev.usageFileSweeps": "when each home's stray .usage.json temp files were last swept · for the process",
  "jev.settledConfig": "the parsed configuration per environment · re-read when a watched variable changes",
  "jev.keptCuratorTrees": "the curator's skill trees per home · re-validated by folder stamps · forgetKeptCuratorTrees",
  "jev.usageBumpQueues": "usage bumps waiting to be written per home · emptied as each batch commits",
  "jev.usageRequestIds": "request ids already counted per home · bounded; forgetRequest on a failed write",
  "jev.curatorNextCheck": "when the scheduler checks next · set by the scheduler",
  // Logging and the database
  "jev.rateLimitedLines": "error lines printed this minute, with their counts · rolls over each minute",
  "jev.decisionLogCommits": "the decision log's group commit · for the process",
  "jev.checkpointWorkers": "one WAL checkpointing worker per SQLite connection · stopped with the connection",
  "jev.dbCloseHooks": "what to stop before a database closes · run and forgotten by closeHandle",
  "jev.settingsWatches": "PostgreSQL LISTEN connections and the settings they keep · see db/hot/README.md",
  "jev.sqliteReadCaches": "SQLite rows read on the hot path · see db/hot/README.md",
  "jev.shownHistoryMemos": "rule 2's windows per session · see db/hot/README.md",
  "jev.turnReadGroups": "one turn's grouped reads · see db/hot/README.md",
  "jev.skillRefIds": "skill name ids · see db/hot/README.md",
  "jev.notedSkillHours": "skill hours already counted · see db/hot/README.md",
} as const;

export type ProcessStateKey = keyof typeof PROCESS_STATE;

/** Where the values live: one Map on globalThis, whichever copy of this module asks first makes it. */
function values(): Map<ProcessStateKey, unknown> {
  const holder = globalThis as { jevProcessState?: Map<ProcessStateKey, unknown> };
  holder.jevProcessState ??= new Map();
  return holder.jevProcessState;
}

/** The process's one value under `key`, made with `make` the first time any copy of lib/ asks. */
export function processWide<T>(key: ProcessStateKey, make: () => T): T {
  const all = values();
  if (!all.has(key)) all.set(key, make());
  return all.get(key) as T;
}

/** Tests: empty every cache, memo and queue made so far that can be emptied (those with a `clear()`). */
export function resetProcessState(): void {
  for (const value of values().values()) if (value && typeof (value as { clear?: unknown }).clear === "function") (value as { clear(): void }).clear();
}
