import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { takeLease } from "./job-leases";

describeOnBothDatabases("job leases", (t) => {
  it("one holder at a time; another takes it once it lapses", async () => {
    expect(await takeLease(t.db, "retention", "a", 1_000, 500)).toBe(true);
    expect(await takeLease(t.db, "retention", "b", 1_200, 500)).toBe(false);
    expect(await takeLease(t.db, "retention", "a", 1_300, 500)).toBe(false); // its own lease still runs
    expect(await takeLease(t.db, "curator", "b", 1_300, 500)).toBe(true); // leases are per job
    expect(await takeLease(t.db, "retention", "b", 1_500, 500)).toBe(true);
    expect(await takeLease(t.db, "retention", "a", 1_900, 500)).toBe(false);
  });

  it("of many instances asking at once, exactly one gets it", async () => {
    const got = await Promise.all(Array.from({ length: 8 }, (_, i) => takeLease(t.db, "retention", `i${i}`, 5_000, 60_000)));
    expect(got.filter(Boolean)).toHaveLength(1);
  });
});
