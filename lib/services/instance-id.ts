import os from "node:os";

/** This process among a fleet's instances: host and process id (job leases name their holder by it). */
export function instanceId(): string {
  return `${os.hostname()}:${process.pid}`;
}
