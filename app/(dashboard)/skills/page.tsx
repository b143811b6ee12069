import { pageOf } from "@/lib/base/paging";
import { readHermesSkillsConfig } from "@/lib/hermes/config-yaml";
import { catalogOverview, entrySkillsOverview } from "@/lib/services/catalog";
import { liveCtx } from "@/lib/services/context";
import { listSkills } from "@/lib/services/skills";
import { COUNTER_MEANING } from "@/lib/vocab/curator";
import { EntrySkillsPanel } from "../_components/entry-skills-panel";
import { EmptyState } from "../_components/kit/empty-state";
import { CatalogHealth } from "./catalog-health";
import { parseSkillsView } from "./search-params";
import { SkillFilters } from "./skill-filters";
import { SKILLS_PAGE_SIZE, SkillsPager } from "./skills-pager";
import { SkillsTable } from "./skills-table";
import { SkippedEntries } from "./skipped-entries";

/**
 * Hermes applies `skills.platform_disabled.<platform>` only where a platform is set (a gateway, or
 * HERMES_PLATFORM); its CLI sets none and then loads those skills, so jev offers them there too.
 */
function PlatformDisabledNote({ hermesHome }: { hermesHome: string | null }) {
  if (!hermesHome) return null;
  const lists = Object.entries(readHermesSkillsConfig(hermesHome).platformDisabled).filter(([, names]) => names.length > 0);
  if (lists.length === 0) return null;
  return (
    <p className="warning-text" data-testid="platform-disabled-note">
      config.yaml&apos;s skills.platform_disabled hides{" "}
      {lists.map(([platform, names], i) => (
        <span key={platform}>
          {i > 0 && "; "}
          {names.join(", ")} on {platform}
        </span>
      ))}
      . That applies only where Hermes knows its platform (a gateway session, or HERMES_PLATFORM); Hermes&apos;s CLI sets none and loads them, so jev offers
      them there. To hide a skill everywhere, list it in skills.disabled.
    </p>
  );
}

export const dynamic = "force-dynamic";

/**
 * Every skill jev ranks, from every root (a Hermes home, Claude Code's and
 * Codex's folders, roots agents sent), with what the engine did with each;
 * Hermes's telemetry and curator columns where a Hermes home holds it. Then
 * the default catalog's health and the domain entry skills.
 */
export default async function SkillsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseSkillsView(await searchParams);
  const ctx = liveCtx();
  const [listing, catalog, entrySkills] = await Promise.all([listSkills(ctx, view), catalogOverview(ctx), entrySkillsOverview(ctx)]);
  const withHermes = listing.hermesHome !== null;
  const filtered = view.source || view.provenance || view.state || view.location || view.q;
  const shown = pageOf(listing.skills, view.page ?? 1, SKILLS_PAGE_SIZE);
  return (
    <section>
      <h1>Skills</h1>
      <p className="muted" data-testid="skills-intro">
        {withHermes ? (
          <>
            Every skill jev ranks, with what its engine did with each, and for the Hermes home <code>{listing.hermesHome}</code> Hermes&apos;s usage telemetry:{" "}
            {COUNTER_MEANING.use} {COUNTER_MEANING.view} {COUNTER_MEANING.patch}
          </>
        ) : (
          <>
            Every skill jev ranks, from your agents&apos; folders and the roots they send, with what its engine did with each. No Hermes home at{" "}
            <code>{ctx.config.hermesHome}</code>: Hermes&apos;s telemetry and curator columns appear when <code>HERMES_HOME</code> points at one.
          </>
        )}
      </p>
      <PlatformDisabledNote hermesHome={listing.hermesHome} />
      <SkillFilters view={view} withHermes={withHermes} />
      <SkippedEntries skipped={listing.skipped} />
      {listing.skills.length === 0 ? (
        <EmptyState testId="skills-empty" title={filtered ? "No skill matches these filters." : "No skills yet."}>
          {!filtered && <p>Skills appear here once they are in a default root (below) or an agent has sent jev a root holding them.</p>}
        </EmptyState>
      ) : (
        <>
          <SkillsPager view={view} shown={shown} />
          <SkillsTable rows={shown.rows} withHermes={withHermes} />
        </>
      )}
      <h2>Catalog health</h2>
      <CatalogHealth catalog={catalog} />
      <h2>Domain entry skills</h2>
      <EntrySkillsPanel overview={entrySkills} />
    </section>
  );
}
