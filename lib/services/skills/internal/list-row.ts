import type { DescriptionProblem } from "../../../vocab/description-problems";
import type { SkillSource } from "../../../vocab/skill-sources";
import type { HermesColumns } from "./hermes-columns";

/** The Hermes columns a row carries: those without a neutral value are null when no Hermes home holds the skill. */
export type HermesFields = Omit<HermesColumns, NullWithoutHermes> & { [K in NullWithoutHermes]: HermesColumns[K] | null };
type NullWithoutHermes = "location" | "provenance" | "state" | "uses" | "views";

/** One skill jev ranks, as the Skills page and `GET /api/skills` list it. */
export interface SkillListRow extends HermesFields {
  name: string;
  /** Its SKILL.md (the first copy found, as the engine ranks it). */
  path: string;
  /** The folder, relative to its Hermes root; else the folder that holds it. */
  folder: string;
  source: SkillSource;
  /** Other SKILL.md files of the same name the engine ranked in the window (same-name copies load as one). */
  copies: number;
  // The engine's side over the same SPARK_DAYS days.
  /** Suggestions shown to clients that report loads. */
  suggested: number;
  loaded: number;
  /** Times rule 2 removed it from a decision. */
  suppressed: number;
  last_suggested_at: number | null;
  /** The start of the last hour it was among a decision's candidates. */
  last_ranked_at: number | null;
  health: DescriptionProblem | null;
}
