import { describe, expect, it } from "vitest";
import { decisionModelsSchema, HYBRID_MODELS, LEXICAL_MODELS } from "./decision-model";

describe("decisionModelsSchema", () => {
  it("accepts the shipped models, as calibrate.ts writes them (JSON)", () => {
    for (const models of [HYBRID_MODELS, LEXICAL_MODELS]) expect(decisionModelsSchema.parse(JSON.parse(JSON.stringify(models)))).toEqual(models);
  });

  it("refuses a model missing a feature, naming it", () => {
    const models = structuredClone(HYBRID_MODELS) as { needs: { weights: Record<string, number> } };
    delete models.needs.weights.bestDense;
    const parsed = decisionModelsSchema.safeParse(models);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain("bestDense");
  });

  it("refuses an unknown feature and a weight that is not a number", () => {
    expect(
      decisionModelsSchema.safeParse({ ...HYBRID_MODELS, rank: { ...HYBRID_MODELS.rank, weights: { ...HYBRID_MODELS.rank.weights, madeUp: 1 } } }).success,
    ).toBe(false);
    expect(decisionModelsSchema.safeParse({ ...HYBRID_MODELS, needs: { ...HYBRID_MODELS.needs, bias: "1" } }).success).toBe(false);
  });
});
