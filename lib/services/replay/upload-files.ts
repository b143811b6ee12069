import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { JevError } from "../../base/errors";

/**
 * Logs uploaded from the Replay page arrive in pieces (a server action's body is small and held in memory whole),
 * appended in order to a private temp file; the run then streams the file like any upload. Unfinished uploads are
 * removed after an hour, and at most MAX_PENDING_UPLOADS are kept (the oldest goes first), so uploads cannot fill the
 * temp folder.
 */
export interface UploadStore {
  dir: string;
  maxBytes: number;
}

/** A piece of an upload: under the server action body limit (next.config.mjs) with room for the form around it. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
const UPLOAD_TTL_MS = 3_600_000;
/** Uploads kept at once: a few tabs' worth. With JEV_REPLAY_MAX_MB each, this bounds the folder's size. */
export const MAX_PENDING_UPLOADS = 4;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function defaultUploadStore(maxBytes: number): UploadStore {
  return { dir: path.join(os.tmpdir(), `jev-replay-uploads-${os.userInfo().uid}`), maxBytes };
}

const files = (store: UploadStore, id: string) => {
  if (!UPLOAD_ID.test(id)) throw new JevError("bad_request", "upload: not an upload id", "upload");
  return { data: path.join(store.dir, `${id}.jsonl`), meta: path.join(store.dir, `${id}.json`) };
};

function declaredSize(store: UploadStore, id: string): number {
  const { meta } = files(store, id);
  try {
    return (JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ meta, "utf8")) as { size: number }).size;
  } catch {
    throw new JevError("not_found", "no such upload (unfinished uploads are removed after an hour)");
  }
}

/** Start an upload of `size` bytes; refused over the replay limit (JEV_REPLAY_MAX_MB). */
export function beginUpload(store: UploadStore, size: number, now = Date.now()): { id: string } {
  if (!Number.isSafeInteger(size) || size < 0) throw new JevError("bad_request", "size: a whole number of bytes", "size");
  if (size > store.maxBytes) throw new JevError("payload_too_large", `replay log over ${Math.round(store.maxBytes / 1e6)} MB (JEV_REPLAY_MAX_MB)`);
  fs.mkdirSync(/*turbopackIgnore: true*/ store.dir, { recursive: true, mode: 0o700 });
  removeStaleUploads(store, now);
  keepNewest(store, MAX_PENDING_UPLOADS - 1);
  const id = randomUUID();
  const { data, meta } = files(store, id);
  fs.writeFileSync(/*turbopackIgnore: true*/ data, "", { flag: "wx", mode: 0o600 });
  fs.writeFileSync(/*turbopackIgnore: true*/ meta, JSON.stringify({ size }), { flag: "wx", mode: 0o600 });
  return { id };
}

/** Append the piece that starts at `offset` (the bytes received so far: pieces come in order, a repeat is refused). */
export function appendUpload(store: UploadStore, id: string, offset: number, piece: Uint8Array): { received: number } {
  const size = declaredSize(store, id);
  const { data } = files(store, id);
  const received = fs.statSync(/*turbopackIgnore: true*/ data).size;
  if (offset !== received) throw new JevError("conflict", `offset: expected ${received}, the bytes received so far`, "offset");
  if (received + piece.byteLength > size) throw new JevError("bad_request", `chunk: past the declared ${size} bytes`, "chunk");
  if (piece.byteLength > UPLOAD_CHUNK_BYTES) throw new JevError("payload_too_large", `chunk over ${UPLOAD_CHUNK_BYTES} bytes`);
  fs.appendFileSync(/*turbopackIgnore: true*/ data, piece);
  return { received: received + piece.byteLength };
}

/** A complete upload's file, to stream; `remove` deletes it once the run has read it. */
export function completedUpload(store: UploadStore, id: string): { file: string; size: number; remove: () => void } {
  const size = declaredSize(store, id);
  const { data, meta } = files(store, id);
  const received = fs.statSync(/*turbopackIgnore: true*/ data).size;
  if (received !== size) throw new JevError("bad_request", `upload: ${received} of ${size} bytes received`, "upload");
  return {
    file: data,
    size,
    remove: () => {
      fs.rmSync(/*turbopackIgnore: true*/ data, { force: true });
      fs.rmSync(/*turbopackIgnore: true*/ meta, { force: true });
    },
  };
}

/** Remove all but the `keep` newest uploads (by when they began). */
function keepNewest(store: UploadStore, keep: number): void {
  const begun = fs
    .readdirSync(/*turbopackIgnore: true*/ store.dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const meta = path.join(store.dir, name); // written once, when the upload began
      return { id: name.slice(0, -5), at: fs.statSync(/*turbopackIgnore: true*/ meta, { bigint: true, throwIfNoEntry: false })?.mtimeNs ?? 0n };
    })
    .filter((u) => UPLOAD_ID.test(u.id))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  for (const { id } of begun.slice(keep)) {
    const { data, meta } = files(store, id);
    fs.rmSync(/*turbopackIgnore: true*/ data, { force: true });
    fs.rmSync(/*turbopackIgnore: true*/ meta, { force: true });
  }
}

function removeStaleUploads(store: UploadStore, now: number): void {
  for (const name of fs.readdirSync(/*turbopackIgnore: true*/ store.dir)) {
    const file = path.join(store.dir, name);
    const st = fs.statSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
    if (st && now - st.mtimeMs > UPLOAD_TTL_MS) fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
  }
}
