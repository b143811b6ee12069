import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postFeedback } from "../../app/api/feedback/route";
import { POST as postPickSkill } from "../../app/api/pick-skill/route";
import { getDb } from "../../db/client";
import { sqliteOf } from "../../db/dialect";
import { skillTree, tempDir } from "../../lib/testing/factories";
import { main } from "../main";

/**
 * The verbs the CLI and the API both expose leave the same rows: `jev
 * pick-skill` and `POST /api/pick-skill` log the same decision (only the
 * channel says which door), `jev feedback` and `POST /api/feedback` the same
 * report and the same credited load. Each door on a database of its own.
 */
const TOKEN = "verbs-parity-token";
let tmp: ReturnType<typeof tempDir>;
let root: string;
let err: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  tmp = tempDir("jev-verbs-");
  root = skillTree(path.join(tmp.dir, "skills"), {
    pdf: "Merge, split and fill PDF files; extract their text and tables.",
    xlsx: "Create and edit Excel spreadsheets with formulas and charts.",
  });
  vi.stubEnv("HOME", tmp.dir); // the API allows client roots under the server's home
  vi.stubEnv("HERMES_HOME", path.join(tmp.dir, "hermes"));
  vi.stubEnv("JEV_API_TOKEN", TOKEN);
  err = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  tmp.cleanup();
});

const useDb = (name: string) => vi.stubEnv("JEV_DB", path.join(tmp.dir, `${name}.db`));
const cli = (...argv: string[]) => main(argv, () => {});
const api = (handler: (r: Request) => Promise<Response>, route: string, body: object) =>
  handler(
    new Request(`http://127.0.0.1/api/${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

/** The log as a door left it, without what always differs (ids, instants, timings) and the channel. */
function logRows() {
  const db = sqliteOf(getDb());
  const { decisions, decisionCandidates, skillRefs, suggestions, feedback } = db.jev.t;
  const decision = db
    .select()
    .from(decisions)
    .all()
    .map(({ id, at, day, latencyMs, stageOneMs, stageTwoMs, channel, ...kept }) => kept);
  const candidates = db
    .select({ rank: decisionCandidates.rank, name: skillRefs.name, verdict: decisionCandidates.verdict, match: decisionCandidates.match })
    .from(decisionCandidates)
    .innerJoin(skillRefs, eq(skillRefs.id, decisionCandidates.skillRefId))
    .all();
  const shown = db
    .select({ skill: suggestions.skill, sessionId: suggestions.sessionId, reportsLoads: suggestions.reportsLoads, loaded: suggestions.loadedAt })
    .from(suggestions)
    .all()
    .map((s) => ({ ...s, loaded: s.loaded !== null }));
  const reports = db.select({ sessionId: feedback.sessionId, skill: feedback.skill, event: feedback.event }).from(feedback).all();
  return { decision, candidates, shown, reports };
}

describe("the CLI and the API leave the same rows", () => {
  it("pick-skill, then a load reported for its suggestion", async () => {
    const turn = "merge these two PDF files into one";
    useDb("cli");
    expect(await cli("pick-skill", "--turn", turn, "--root", root, "--session", "s-1", "--agent", "claude-code", "--feedback")).toBe(0);
    expect(await cli("feedback", "--session", "s-1", "--skill", "pdf", "--event", "loaded")).toBe(0);
    const fromCli = logRows();

    useDb("api");
    const picked = await api(postPickSkill, "pick-skill", { turn, roots: [root], session_id: "s-1", agent: "claude-code", feedback: true });
    expect(picked.status).toBe(200);
    expect((await api(postFeedback, "feedback", { session_id: "s-1", skill: "pdf", event: "loaded" })).status).toBe(200);
    const fromApi = logRows();

    expect(fromCli.decision).toHaveLength(1);
    expect(fromCli.decision[0]).toMatchObject({ suggestedSkill: "pdf", sessionId: "s-1", agent: "claude-code", reportsLoads: true });
    expect(fromCli.shown).toEqual([{ skill: "pdf", sessionId: "s-1", reportsLoads: true, loaded: true }]);
    expect(fromCli.reports).toEqual([{ sessionId: "s-1", skill: "pdf", event: "loaded" }]);
    expect(fromApi).toEqual(fromCli);
    expect(sqliteOf(getDb()).select().from(sqliteOf(getDb()).jev.t.decisions).all()[0].channel).toBe("api");
  });
});
