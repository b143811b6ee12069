/** Types of stdio-relay.mjs (plain JavaScript, so `jev mcp --url` starts without TypeScript's loader). */
import type { Readable } from "node:stream";

export function readTokenFile(file: string): string | null;
export function relay(options: {
  url: string;
  token: string | null;
  input?: Readable;
  write: (message: unknown) => void;
  timeoutMs?: number;
  maxBytes?: number;
  graceMs?: number;
}): Promise<void>;
export function relayCommand(args: string[]): Promise<number>;
