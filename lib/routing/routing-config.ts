import path from "node:path";
import { z } from "zod";
import { readStamped } from "../fs/read-stamped";

/**
 * How a turn is routed to a model tier (`$HERMES_HOME/jev/routing.json`, only what it changes): `source` (`judge` asks
 * the judge routing's three questions, `features` answers them here, sending nothing), `private` (never merged into
 * skill selection's request), `thresholds` (an answer at or above counts as yes), `tiers` (hard, code, simple, other).
 */
export const RoutingConfig = z.object({
  source: z.enum(["judge", "features"]).default("judge"),
  private: z.boolean().default(false),
  thresholds: z
    .object({ hard: z.number().min(0).max(1).default(0.6), code: z.number().min(0).max(1).default(0.5), simple: z.number().min(0).max(1).default(0.6) })
    .default({ hard: 0.6, code: 0.5, simple: 0.6 }),
  tiers: z
    .object({
      hard: z.string().min(1).default("large"),
      code: z.string().min(1).default("medium"),
      simple: z.string().min(1).default("small"),
      otherwise: z.string().min(1).default("medium"),
    })
    .default({ hard: "large", code: "medium", simple: "small", otherwise: "medium" }),
});
export type RoutingConfig = z.infer<typeof RoutingConfig>;

export const DEFAULT_ROUTING: RoutingConfig = RoutingConfig.parse({});

export function routingFile(hermesHome: string): string {
  return path.join(hermesHome, "jev", "routing.json");
}

/**
 * The routing configuration of a Hermes home: the defaults when there is no
 * file; an error naming the field when it is wrong. Re-read only when the file
 * changes (a turn that asks for routing reads it).
 */
export function readRoutingConfig(hermesHome: string): RoutingConfig | { problem: string } {
  return readStamped(routingFile(hermesHome), parseRoutingFile, { fallback: DEFAULT_ROUTING });
}

function parseRoutingFile(text: string | undefined): RoutingConfig | { problem: string } {
  if (text === undefined) return DEFAULT_ROUTING;
  try {
    const parsed = RoutingConfig.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    return { problem: `routing.json: ${issue.path.join(".") || "(file)"}: ${issue.message}` };
  } catch {
    return { problem: "routing.json is not JSON" };
  }
}
