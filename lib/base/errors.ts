/**
 * Typed errors that cross the API and CLI boundary. Every client-caused error
 * has a stable code and an HTTP status; anything else is reported as
 * `internal` without its raw message (a database or judge message could carry
 * paths or turn text).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  /** A change sent from another site's page (a cross-origin server action). */
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A file jev must write (in the Hermes home) cannot be written: read-only, or no permission. */
  read_only: 409,
  request_timeout: 408,
  /** A dashboard change sent without a Content-Length (its size must be known before it is read). */
  length_required: 411,
  payload_too_large: 413,
  /** A host name this server does not answer for (DNS rebinding; JEV_ALLOWED_HOSTS). */
  misdirected_request: 421,
  headers_too_large: 431,
  internal: 500,
  /** Another process held a lock (the Hermes usage file's) past the deadline. */
  busy: 503,
  /** The disk (the database's, or the Hermes home's) is full: nothing was written. */
  insufficient_storage: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class JevError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = "JevError";
    this.code = code;
    this.field = field;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

/** Error codes of a full disk: SQLite's, the file system's, PostgreSQL's (53100 disk_full). */
const DISK_FULL = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]);

/** Whether an error says the disk is full (nothing was written). */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && DISK_FULL.has(code);
}

/** Turn anything thrown into a safe JevError: unknown errors lose their message; a full disk says so (507). */
export function toJevError(err: unknown): JevError {
  if (err instanceof JevError) return err;
  if (isDiskFull(err)) return new JevError("insufficient_storage", "no space left on the device: nothing was written");
  return new JevError("internal", "internal error");
}

/** Describe the first issue of a zod error as one line naming the field. */
export function describeZodIssue(issue: { path: PropertyKey[]; message: string }): { field: string; message: string } {
  const field = issue.path.map(String).join(".") || "body";
  return { field, message: `${field}: ${issue.message}` };
}
