import type { AgentOverview } from "@/lib/services/rules";
import { AgentSwitch } from "../_components/agent-switch";
import { Num, When } from "../_components/kit/cells";
import { type Column, DataTable } from "../_components/kit/data-table";
import { EmptyState } from "../_components/kit/empty-state";

function ReportsLoads({ agent }: { agent: AgentOverview }) {
  if (agent.reportsLoads) return <>yes</>;
  return (
    <span className="warning-text" data-testid="agent-no-loads">
      no: rule 2 cannot learn from it. Have it send <code>feedback: true</code> and report loads to <code>POST /api/feedback</code> (jev&apos;s Hermes plugin
      and Claude Code hooks do).
    </span>
  );
}

const COLUMNS: Column<AgentOverview>[] = [
  { key: "agent", header: "agent", cell: (a) => a.agent ?? <span className="muted">(not named)</span> },
  { key: "sessions", header: "sessions", num: true, cell: (a) => <Num value={a.sessions} /> },
  { key: "turns", header: "turns", num: true, cell: (a) => <Num value={a.turns} /> },
  { key: "last", header: "last turn", nowrap: true, cell: (a) => <When at={a.lastAt} /> },
  { key: "loads", header: "reports loads", cell: (a) => <ReportsLoads agent={a} /> },
  {
    key: "switches",
    header: "switches (kept by jev, for agents without a Hermes home)",
    cell: (a) =>
      a.agent && (
        <>
          <AgentSwitch agent={a.agent} name="skills" label="hints" on={a.switches.skills === "on"} />{" "}
          <AgentSwitch agent={a.agent} name="skill_feedback" label="rule 2" on={a.switches.skill_feedback === "on"} />
        </>
      ),
  },
];

/** The agents that asked jev in the last 24 hours, whether each reports loads, and its switches. */
export function AgentsTable({ agents }: { agents: AgentOverview[] }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={agents}
      rowKey={(a) => a.agent ?? ""}
      testId="agents-seen"
      scroll
      empty={
        <EmptyState testId="agents-empty" title="No agent has asked jev in the last 24 hours.">
          Connect one: <code>npx jev integrate hermes</code> or <code>npx jev integrate claude-code</code> (see docs/agents.md), then{" "}
          <code>npx jev doctor</code>.
        </EmptyState>
      }
    />
  );
}
