import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../../testing/db-dialects";
import { dbVectorStore } from "./skill-vector-store";

const vector = (seed: number, dims = 4) => Float32Array.from({ length: dims }, (_, d) => Math.fround(Math.sin(seed + d)));

describeOnBothDatabases("skill vectors in the database", (t) => {
  it("keeps each text's pieces under its model and reads them back exactly", async () => {
    const store = dbVectorStore(t.db, () => 1_000);
    await store.save("model-a", [
      { key: "card", vectors: [vector(1)] },
      { key: "body", vectors: [vector(2), vector(3)] },
    ]);
    const got = await store.load("model-a", 4, ["card", "body", "absent"]);
    expect([...got.keys()].sort()).toEqual(["body", "card"]);
    expect(got.get("body")).toEqual([vector(2), vector(3)]);
    // Another model's vectors are never read as this one's.
    expect((await store.load("model-b", 4, ["card"])).size).toBe(0);
  });

  it("keeps the first row when two instances save one text, and reads bytes of another length as absent", async () => {
    const store = dbVectorStore(t.db);
    await store.save("m", [{ key: "k", vectors: [vector(1)] }]);
    await store.save("m", [{ key: "k", vectors: [vector(9)] }]);
    expect((await store.load("m", 4, ["k"])).get("k")).toEqual([vector(1)]);
    expect((await store.load("m", 3, ["k"])).size).toBe(0);
  });

  it("reads and writes past one statement's worth of keys", async () => {
    const store = dbVectorStore(t.db);
    const rows = Array.from({ length: 1_200 }, (_, i) => ({ key: `k${i}`, vectors: [vector(i)] }));
    await store.save("m", rows);
    const got = await store.load(
      "m",
      4,
      rows.map((r) => r.key),
    );
    expect(got.size).toBe(1_200);
    expect(got.get("k1199")).toEqual([vector(1199)]);
  });
});
