import { DecisionsClient } from "./client";
import { parseDecisionsView } from "./search-params";

export const dynamic = "force-dynamic";

export default async function DecisionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = parseDecisionsView(await searchParams);
  return <DecisionsClient view={view} />;
}
