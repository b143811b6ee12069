import type { CatalogOverview } from "@/lib/services/catalog";
import { DESCRIPTION_PROBLEMS } from "@/lib/vocab/description-problems";
import { EmptyState } from "../_components/kit/empty-state";
import { PROBLEM_TEXT, PROBLEM_TITLES } from "./labels";

const SHOWN_PER_PROBLEM = 8;

function SkillList({ skills, testId }: { skills: { name: string; path: string; problem?: string }[]; testId?: string }) {
  return (
    <ul data-testid={testId}>
      {skills.slice(0, SHOWN_PER_PROBLEM).map((s) => (
        <li key={s.path}>
          <strong>{s.name}</strong> <span className="muted path">{s.path}</span>
          {s.problem && <div className="muted">{s.problem}</div>}
        </li>
      ))}
      {skills.length > SHOWN_PER_PROBLEM && <li className="muted">and {skills.length - SHOWN_PER_PROBLEM} more</li>}
    </ul>
  );
}

function Problem({ title, text, children }: { title: string; text: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="problem">
      <h3>{title}</h3>
      <p className="muted">{text}</p>
      {children}
    </div>
  );
}

/** The default catalog as the engine reads it: its roots and size, and what to fix (unreadable files, weak descriptions). */
export function CatalogHealth({ catalog }: { catalog: CatalogOverview }) {
  return (
    <div data-testid="catalog-health">
      {catalog.walkProblem && (
        <p className="warning" data-testid="catalog-walk-problem">
          {catalog.walkProblem}. Every selection fails open (<code>catalog_over_budget</code>) meanwhile.
        </p>
      )}
      {catalog.skills === 0 ? (
        <EmptyState testId="catalog-empty" title="No skills found in the default roots. jev looks for folders holding a SKILL.md in:">
          <ul>
            <li>
              <code>$HERMES_HOME/skills</code> (default <code>~/.hermes/skills</code>) and Hermes&apos;s <code>skills.external_dirs</code>
            </li>
            <li>
              <code>~/.claude/skills</code>, <code>~/.codex/skills</code>, <code>~/.agents/skills</code>, <code>./skills</code>
            </li>
          </ul>
          <p>Add skills there, or pass roots explicitly to each request.</p>
        </EmptyState>
      ) : (
        <p data-testid="catalog-size">
          {catalog.skills} skills ranked from {catalog.roots.length} {catalog.roots.length === 1 ? "root" : "roots"}:{" "}
          {catalog.roots.map((r) => (
            <code key={r} className="path">
              {r}{" "}
            </code>
          ))}
        </p>
      )}
      {catalog.overCap > 0 && (
        <p role="alert">
          {catalog.overCap} skills are over the judge&apos;s cap: each turn it is sent the {catalog.skills} the local index ranks highest, and the rest are
          dropped for that turn. Disable skills you do not use.
        </p>
      )}
      {catalog.metaRemoved.length > 0 && (
        <Problem
          title={`${catalog.metaRemoved.length} selector-only removed`}
          text={
            <>
              Skills whose job is choosing skills are never ranked, so they cannot crowd out task skills (<code>JEV_META_SKILLS</code>:{" "}
              {catalog.metaSkills.join(", ") || "none"}).
            </>
          }
        >
          <SkillList skills={catalog.metaRemoved} testId="meta-removed" />
        </Problem>
      )}
      {catalog.unreadable.length > 0 && (
        <Problem
          title={`${catalog.unreadable.length} unreadable`}
          text="Neither jev nor the agent's loader can use them: the front matter does not parse (fix the YAML at the place shown), or the SKILL.md is not a regular file or links outside the allowed roots (it is never opened)."
        >
          <SkillList
            skills={catalog.unreadable.map((u) => ({ name: u.path.split("/").at(-2) ?? u.path, path: u.path, problem: u.problem }))}
            testId="unreadable"
          />
        </Problem>
      )}
      {DESCRIPTION_PROBLEMS.map((problem) =>
        catalog.problems[problem].length === 0 ? null : (
          <Problem key={problem} title={`${catalog.problems[problem].length} ${PROBLEM_TITLES[problem]}`} text={PROBLEM_TEXT[problem]}>
            <SkillList skills={catalog.problems[problem]} />
          </Problem>
        ),
      )}
    </div>
  );
}
