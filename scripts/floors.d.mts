/** Each folder and the folders it stands on. */
export const FLOORS: Readonly<Record<string, readonly string[]>>;
/** biome.floors.json's path. */
export const FLOORS_JSON: string;
/** What biome.floors.json holds. */
export function floorsConfig(): { $schema: string; overrides: unknown[] };
export function floorOverrides(): unknown[];
