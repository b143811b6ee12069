import { afterEach, describe, expect, it, vi } from "vitest";
import { errorAtMostEveryMinute } from "./log-once";

describe("a line that repeats under a fault", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => error.mockClear());

  it("is printed once a minute at most, with the count of its repeats", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 1_717; i++) errorAtMostEveryMinute("[jev] disk full test line", t0 + i * 30); // 1,717 in under a minute
    expect(error).toHaveBeenCalledTimes(1);
    errorAtMostEveryMinute("[jev] disk full test line", t0 + 61_000);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenLastCalledWith("[jev] disk full test line (and 1716 more times in the last minute)");
  });
});
