import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { inTransaction } from "../dialect";
import { countedRequests, deleteRequestsBefore, rememberRequests } from "./usage-requests";

const T = Date.parse("2026-11-20T10:00:00Z");

describeOnBothDatabases("usage request ids", (t) => {
  it("remembers the ids of counted bumps per home, once each, until retention forgets the old ones", async () => {
    await inTransaction(t.db, (tx) => rememberRequests(tx, "/h", ["a", "b"], T));
    await inTransaction(t.db, (tx) => rememberRequests(tx, "/h", ["b", "c"], T + 10));
    await inTransaction(t.db, (tx) => rememberRequests(tx, "/other", ["z"], T + 20));
    expect([...(await countedRequests(t.db, "/h", ["a", "b", "c", "z", "nope"]))].sort()).toEqual(["a", "b", "c"]);
    expect([...(await countedRequests(t.db, "/other", ["a", "z"]))]).toEqual(["z"]);
    expect(await countedRequests(t.db, "/h", [])).toEqual(new Set());
    await deleteRequestsBefore(t.db, T + 5);
    expect([...(await countedRequests(t.db, "/h", ["a", "b", "c"]))]).toEqual(["c"]);
  });
});
