import { localServerUrl } from "../config";
import { readRunningServer } from "./running-server";

export interface ServerUrl {
  url: string;
  from: "--url" | "the running server's file" | "HOST and PORT";
}

/**
 * The jev server a command means: `--url` when given; else the one serving
 * on this database (its `<JEV_DB>.server` file names the port it listens on);
 * else this environment's HOST and PORT. Trailing slashes dropped.
 */
export function serverToReach(flag: string | undefined, config: { host: string; port: number; dbFile: string }): ServerUrl {
  if (flag !== undefined) return { url: flag.replace(/\/+$/, ""), from: "--url" };
  const running = readRunningServer(config.dbFile);
  if (running) return { url: running.url.replace(/\/+$/, ""), from: "the running server's file" };
  return { url: localServerUrl(config), from: "HOST and PORT" };
}

/** True for an http(s) URL with a host: what a hook or plugin can be given. */
export const isHttpUrl = (url: string) => /^https?:\/\/[^\s/]+/.test(url);
