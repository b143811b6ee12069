import Link from "next/link";
import { getDb } from "@/db/client";
import { DESCRIPTION_PROBLEMS } from "@/lib/catalog/description-health";
import { DESCRIPTION_CHARS } from "@/lib/catalog/types";
import { loadConfig } from "@/lib/config";
import { hasDemoRows } from "@/lib/demo/seed-demo";
import { agentsOverview } from "@/lib/services/agent-switches";
import { catalogOverview } from "@/lib/services/catalog-overview";
import { decisionSummary } from "@/lib/services/decision-summary";
import { entrySkillsOverview } from "@/lib/services/entry-skills-overview";
import { judgeInUse } from "@/lib/services/judge-in-use";
import { skillFeedbackSetting } from "@/lib/services/rule-settings";
import { AgentSwitch } from "./(dashboard)/_components/agent-switch";
import { DemoButtons } from "./(dashboard)/_components/demo-buttons";
import { EntrySkillsPanel } from "./(dashboard)/_components/entry-skills-panel";
import { RuleTwoSwitch } from "./(dashboard)/_components/rule-two-switch";

export const dynamic = "force-dynamic";

const PROBLEM_TEXT = {
  missing: "No description: the skill can only be found by its name.",
  too_short: "A title rather than a description: say what it does and when to use it.",
  cut_off: `Longer than ${DESCRIPTION_CHARS} characters: only the start is read, so put what matters first.`,
  thin_for_body:
    "A few words over a long SKILL.md: jev's local judge reads the body, but a remote judge and the agent's own skill list see only the description. Say in it what the body says the skill is for.",
} as const;
const PROBLEM_TITLES = { missing: "missing", too_short: "too short", cut_off: "cut off", thin_for_body: "say less than their bodies" } as const;
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

export default async function OverviewPage() {
  const config = loadConfig();
  const summary = await decisionSummary(getDb(), {});
  const catalog = await catalogOverview(config);
  const ruleTwo = skillFeedbackSetting(config);
  const hasDemo = await hasDemoRows(getDb());
  const judge = judgeInUse(config);
  const entrySkills = await entrySkillsOverview(config, getDb());
  const agents = await agentsOverview(getDb());
  return (
    <section>
      <h1>Overview</h1>
      <h2>Decisions</h2>
      {summary.total === 0 ? (
        <div className="empty">
          <p>No decisions in the last 7 days.</p>
          <p>
            Point an agent at <code>POST /api/pick-skill</code> (bearer token from <code>JEV_API_TOKEN</code>, or <code>npx jev token</code>), or try{" "}
            <code>npx jev pick-skill --turn &quot;make a pdf&quot;</code>. To look around first, load a synthetic fortnight made by the real engine (
            <code>npm run demo</code> does the same):
          </p>
          <DemoButtons hasDemo={false} />
        </div>
      ) : (
        <>
          <p>
            {summary.total} decisions in the last 7 days. <Link href="/decisions">Investigate them</Link>.
          </p>
          {hasDemo && (
            <div className="empty" data-testid="demo-note">
              <p>Some of these are demo data (sessions named demo-…).</p>
              <DemoButtons hasDemo />
            </div>
          )}
        </>
      )}

      <h2>Suggestion rules</h2>
      <p className="muted">
        Rule 1 never suggests a skill already loaded in the session. Rule 2 stops suggesting a skill that agents reporting loads were shown at least 5 times in
        14 days and loaded less than a tenth of the time, retrying every 6 hours; agents that never report loads are never suppressed.
      </p>
      <RuleTwoSwitch on={ruleTwo.on} source={ruleTwo.source} stateFile={ruleTwo.stateFile} />

      <h2>Domain entry skills</h2>
      <EntrySkillsPanel overview={entrySkills} />

      <h2>Agents in the last 24 hours</h2>
      {agents.length === 0 ? (
        <p className="muted" data-testid="agents-empty">
          No agent has asked jev in the last 24 hours. Connect one: <code>npx jev integrate hermes</code> or <code>npx jev integrate claude-code</code> (see the
          README, &quot;Use it from your agent&quot;).
        </p>
      ) : (
        <div className="table-scroll">
          <table className="decisions" data-testid="agents-seen">
            <thead>
              <tr>
                <th>agent</th>
                <th className="num">sessions</th>
                <th className="num">turns</th>
                <th>reports loads</th>
                <th>switches (kept by jev, for agents without a Hermes home)</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((a) => (
                <tr key={a.agent ?? ""}>
                  <td>{a.agent ?? <span className="muted">(not named)</span>}</td>
                  <td className="num">{a.sessions}</td>
                  <td className="num">{a.turns}</td>
                  <td>
                    {a.reportsLoads ? (
                      "yes"
                    ) : (
                      <span className="warning-text" data-testid="agent-no-loads">
                        no: rule 2 cannot learn from it. Have it send <code>feedback: true</code> and report loads to <code>POST /api/feedback</code>{" "}
                        (jev&apos;s Hermes plugin and Claude Code hooks do).
                      </span>
                    )}
                  </td>
                  <td>
                    {a.agent && (
                      <>
                        <AgentSwitch agent={a.agent} name="skills" label="hints" on={a.switches.skills === "on"} />{" "}
                        <AgentSwitch agent={a.agent} name="skill_feedback" label="rule 2" on={a.switches.skill_feedback === "on"} />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Judge</h2>
      <p data-testid="judge-in-use">
        <strong>{judge.kind}</strong>: {judge.description}.
      </p>
      {judge.problem && (
        <p role="alert">
          {judge.problem}. Every selection fails open (<code>other</code>) until it is fixed.
        </p>
      )}

      <h2>Catalog</h2>
      {catalog.walkProblem && (
        <p className="warning" data-testid="catalog-walk-problem">
          {catalog.walkProblem}. Every selection fails open (<code>catalog_over_budget</code>) meanwhile.
        </p>
      )}
      {catalog.skills === 0 ? (
        <div className="empty" data-testid="catalog-empty">
          <p>No skills found. jev looks for folders holding a SKILL.md in:</p>
          <ul>
            <li>
              <code>$HERMES_HOME/skills</code> (default <code>~/.hermes/skills</code>) and Hermes&apos;s <code>skills.external_dirs</code>
            </li>
            <li>
              <code>~/.claude/skills</code>, <code>~/.codex/skills</code>, <code>./skills</code>
            </li>
          </ul>
          <p>Add skills there, or pass roots explicitly to each request.</p>
        </div>
      ) : (
        <>
          <p data-testid="catalog-size">
            {catalog.skills} skills ranked from {catalog.roots.length} {catalog.roots.length === 1 ? "root" : "roots"}:{" "}
            {catalog.roots.map((r) => (
              <code key={r} className="path">
                {r}{" "}
              </code>
            ))}
          </p>
          {catalog.overCap > 0 && (
            <p role="alert">
              {catalog.overCap} skills are over the judge&apos;s cap: each turn it is sent the {catalog.skills} the local index ranks highest, and the rest are
              dropped for that turn. Disable skills you do not use.
            </p>
          )}
          {catalog.metaRemoved.length > 0 && (
            <div className="problem">
              <h3>{catalog.metaRemoved.length} selector-only removed</h3>
              <p className="muted">
                Skills whose job is choosing skills are never ranked, so they cannot crowd out task skills (<code>JEV_META_SKILLS</code>:{" "}
                {catalog.metaSkills.join(", ") || "none"}).
              </p>
              <SkillList skills={catalog.metaRemoved} testId="meta-removed" />
            </div>
          )}
          {catalog.unreadable.length > 0 && (
            <div className="problem">
              <h3>{catalog.unreadable.length} unreadable</h3>
              <p className="muted">
                Neither jev nor the agent&apos;s loader can use them: the front matter does not parse (fix the YAML at the place shown), or the SKILL.md is not
                a regular file or links outside the allowed roots (it is never opened).
              </p>
              <SkillList
                skills={catalog.unreadable.map((u) => ({ name: u.path.split("/").at(-2) ?? u.path, path: u.path, problem: u.problem }))}
                testId="unreadable"
              />
            </div>
          )}
          {DESCRIPTION_PROBLEMS.map((problem) =>
            catalog.problems[problem].length === 0 ? null : (
              <div key={problem} className="problem">
                <h3>
                  {catalog.problems[problem].length} {PROBLEM_TITLES[problem]}
                </h3>
                <p className="muted">{PROBLEM_TEXT[problem]}</p>
                <SkillList skills={catalog.problems[problem]} />
              </div>
            ),
          )}
        </>
      )}
    </section>
  );
}
