import path from "node:path";

/**
 * Where the demo writes its files: `demo/` beside the database (`data/demo`
 * by default), so a test's database in a temp folder keeps its demo there too.
 */
export function demoFolder(config: { dbFile: string }): string {
  return path.join(path.dirname(config.dbFile), "demo");
}

/** The demo's skills, the ones its synthetic fortnight asks (and the server answers from while no skills of the user's own are found). */
export function demoSkillsRoot(config: { dbFile: string }): string {
  return path.join(demoFolder(config), "skills");
}

/** Where `npm run demo` writes its Hermes home (synthetic, removable): point HERMES_HOME at it to see the curator at work. */
export function demoHermesHome(config: { dbFile: string }): string {
  return path.join(demoFolder(config), "hermes");
}
