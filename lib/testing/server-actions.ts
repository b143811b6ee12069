import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../config";

/**
 * Calling a dashboard server action over plain HTTP, as a page (or an
 * attacker's script) would: the action's id comes from the build's manifest,
 * the arguments are React's wire format (JSON for plain values), and the
 * reply is the flight stream, whose line `1:` is the action's result.
 */
interface ActionManifest {
  node: Record<string, { exportedName?: string; workers: Record<string, unknown> }>;
}

/** The build's list of server actions (`next build` writes it). */
function actionManifest(): ActionManifest {
  return JSON.parse(fs.readFileSync(path.join(packageRoot(), ".next", "server", "server-reference-manifest.json"), "utf8"));
}

export function serverActionId(exportedName: string): string {
  const id = Object.entries(actionManifest().node).find(([, v]) => v.exportedName === exportedName)?.[0];
  if (!id) throw new Error(`no server action named ${exportedName} in the build`);
  return id;
}

/** The head of a server-action POST of `body` to `page`, with any extra headers. */
export function serverActionHead(id: string, page: string, body: string, port: number, extra: Record<string, string> = {}): string {
  const headers = {
    host: `127.0.0.1:${port}`,
    "next-action": id,
    accept: "text/x-component",
    "content-type": "text/plain;charset=UTF-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
    ...extra,
  };
  return `POST ${page} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;
}

/** The action's result in a flight reply (`1:{…}`), or null when the reply holds none. */
export function serverActionResult(flight: string): { ok: boolean; code?: string; message?: string } | null {
  const line = flight.split("\n").find((l) => l.startsWith("1:{"));
  return line ? JSON.parse(line.slice(2)) : null;
}

/** Every server action of the build with a page that serves it (dynamic pages left out): what the fuzz sends. */
export function dashboardActions(): { id: string; page: string }[] {
  const pageOf = (worker: string) => {
    const route = worker
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "");
    return route.includes("[") ? null : route || "/";
  };
  return Object.entries(actionManifest().node).flatMap(([id, v]) => {
    const page = Object.keys(v.workers)
      .map(pageOf)
      .find((p) => p !== null);
    return page ? [{ id, page }] : [];
  });
}
