import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's
 * `postgresql` binaries: `initdb` and `pg_ctl` in a temp folder, on a free
 * loopback port, trust authentication, no fsync. As root they run as the
 * `postgres` user (PostgreSQL refuses to run as root). Takes about 3 s.
 */
export interface Postgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** A new database on this cluster (empty, or a copy of `template`), and its URL. */
  createDatabase(name: string, template?: string): string;
  stop(): void;
}

/** Where Debian keeps the server binaries (newest version first), or null when PostgreSQL is not installed. */
export function postgresBinaries(): string | null {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(base, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/** Why a PostgreSQL test cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  if (!postgresBinaries()) return "PostgreSQL's server binaries are not installed (apt-get install postgresql)";
  if (process.getuid?.() === 0 && spawnSync("id", ["postgres"]).status !== 0) return "running as root, and there is no postgres user to run the server as";
  return null;
}

export async function startPostgres(): Promise<Postgres> {
  const problem = postgresUnavailable();
  if (problem) throw new Error(problem);
  const bin = postgresBinaries()!;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  // As root, every server command runs as postgres; its environment must not point at root's files.
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { cwd: dir, stdio: "pipe" })
      : execFileSync(path.join(bin, cmd), args, { cwd: dir, stdio: "pipe" });
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    createDatabase(name, template) {
      for (const n of [name, template ?? "x"]) if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`not a plain database name: ${n}`);
      execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`], { stdio: "pipe" });
      return url.replace(/\/postgres$/, `/${name}`);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
