import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { deleteReplayRun, getReplayRun, insertReplayRun, listReplayRuns, updateReplayRun } from "./replay-runs";
import { getSetting, setSetting, setSettingOnce } from "./settings";

describeOnBothDatabases("settings and replay runs", (t) => {
  it("a setting is set once or replaced", async () => {
    expect(await getSetting(t.db, "api_token")).toBeNull();
    expect(await setSettingOnce(t.db, "api_token", "first")).toBe("first");
    expect(await setSettingOnce(t.db, "api_token", "second")).toBe("first");
    await setSetting(t.db, "api_token", "third");
    expect(await getSetting(t.db, "api_token")).toBe("third");
  });

  it("a replay run is stored, updated, listed newest first without its report, read whole and deleted", async () => {
    const a = await insertReplayRun(t.db, { at: 1, rules: "{}", status: "running", progress: 0, logBytes: 5_000_000_000 });
    const b = await insertReplayRun(t.db, { at: 2, rules: "{}" });
    await updateReplayRun(t.db, a, { status: "done", progress: 1, report: '{"ok":true}' });
    const list = await listReplayRuns(t.db, 10);
    expect(list.map((r) => r.id)).toEqual([b, a]);
    expect(list[1]).not.toHaveProperty("report");
    expect(await getReplayRun(t.db, a)).toMatchObject({ status: "done", progress: 1, report: '{"ok":true}', logBytes: 5_000_000_000 });
    await deleteReplayRun(t.db, a);
    expect(await getReplayRun(t.db, a)).toBeUndefined();
  });
});
