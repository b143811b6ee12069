import type { ServerFacts } from "../services/doctor";

/** What one URL and token get from a jev server. */
export type ServerProbe =
  | { up: false; url: string }
  /** `token`: accepted, rejected (401), or not sent. */
  | { up: true; url: string; token: "accepted" | "rejected" | "none"; facts: ServerFacts | null };

/** Long enough for a loaded machine's first request, short enough for a command someone waits on. */
const PROBE_TIMEOUT_MS = 3_000;

async function get(url: string, token: string | null): Promise<Response | null> {
  try {
    return await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return null;
  }
}

/** Is a jev server at `url` (its /api/health answers as jev's does), and does it take `token`? */
export async function probeServer(url: string, token: string | null): Promise<ServerProbe> {
  const health = await get(`${url}/api/health`, null);
  const body = health?.ok ? await health.json().catch(() => null) : null;
  if (!body || (body as { ok?: unknown }).ok !== true) return { up: false, url };
  if (!token) return { up: true, url, token: "none", facts: null };
  const doctor = await get(`${url}/api/doctor`, token);
  if (doctor?.status === 401) return { up: true, url, token: "rejected", facts: null };
  const facts = doctor?.ok ? ((await doctor.json().catch(() => null)) as ServerFacts | null) : null;
  return { up: true, url, token: "accepted", facts };
}
