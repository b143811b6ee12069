import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, RulesConfig } from "./config";
import { describeRules } from "./describe-rules";

describe("describeRules", () => {
  it("names every setting in one line, and rule 2 as off when it is", () => {
    expect(describeRules(DEFAULT_RULES)).toBe("rule 1 on; rule 2 min 5, 14 d, ratio 0.1, retry 6 h; attribution 5 min");
    expect(describeRules(RulesConfig.parse({ dedup_loaded: false, suppression: { enabled: false } }))).toBe("rule 1 off; rule 2 off; attribution 5 min");
  });
});
