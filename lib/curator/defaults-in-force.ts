import { CONSERVATIVE_CURATOR_DEFAULTS, type CuratorDefaults, type HermesRelease, releaseFor } from "../hermes/curator-defaults";
import { type HermesVersionFound, hermesVersionOf } from "../hermes/hermes-version";

/**
 * Which curator defaults jev uses on a home, and why, in words a person reads
 * on the Curator page and in `jev curator status`: the release's when the
 * Hermes in use was found and is one jev knows, else the conservative set.
 */
export interface DefaultsInForce {
  defaults: CuratorDefaults;
  basis: "release" | "conservative";
  hermes: HermesVersionFound | null;
  release: HermesRelease | null;
  why: string;
}

const described = (d: CuratorDefaults) =>
  `stale after ${d.staleAfterDays}d, archive after ${d.archiveAfterDays}d, protected: ${d.protectedNames.length ? d.protectedNames.join(", ") : "none"}`;

export function defaultsFor(hermes: HermesVersionFound | null): DefaultsInForce {
  const release = hermes ? releaseFor(hermes.version) : null;
  if (hermes && release) {
    return {
      defaults: release.defaults,
      basis: "release",
      hermes,
      release,
      why: `Hermes ${hermes.version} (from ${hermes.found}): its defaults, ${described(release.defaults)}`,
    };
  }
  const conservative = `the conservative set, ${described(CONSERVATIVE_CURATOR_DEFAULTS)} (no supported Hermes archives sooner or protects more)`;
  const why = hermes
    ? `Hermes '${hermes.version}' (from ${hermes.found}) is not a version jev can read: ${conservative}`
    : `no Hermes found (JEV_HERMES_VERSION, an installed hermes-agent, hermes on PATH): ${conservative}`;
  return { defaults: CONSERVATIVE_CURATOR_DEFAULTS, basis: "conservative", hermes, release: null, why };
}

export async function defaultsInForce(home: string, env: Readonly<Record<string, string | undefined>>): Promise<DefaultsInForce> {
  return defaultsFor(await hermesVersionOf(home, env));
}
