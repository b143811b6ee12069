import fs from "node:fs";
import fsp from "node:fs/promises";
import { JevError } from "../base/errors";

/**
 * Reading a file whose path came from a folder someone else fills (a Hermes home, a skills folder) without trusting
 * what the path names. Opened non-blocking, so a FIFO put there cannot hang the reader (a blocking open of a FIFO
 * waits for a writer, and took the whole server with it); checked on the open descriptor to be a regular file, so
 * nothing else is read.
 */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

/** Something other than a regular file is where a file jev must read or replace should be. */
export class NotRegularFile extends Error {
  constructor(readonly file: string) {
    super(`${file} is not a regular file`);
    this.name = "NotRegularFile";
  }
}

export interface FileHead {
  mtimeMs: number;
  size: number;
  /** The first bytes (at most the limit asked for); null when it is not a regular file. */
  bytes: Buffer | null;
}

/** The first `maxBytes` of a file; null when it is gone or cannot be opened. */
export function readHeadSync(file: string, maxBytes: number): FileHead | null {
  let fd: number;
  try {
    fd = fs.openSync(/*turbopackIgnore: true*/ file, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { mtimeMs: st.mtimeMs, size: st.size, bytes: null };
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes));
    let got = 0;
    while (got < buf.length) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { mtimeMs: st.mtimeMs, size: st.size, bytes: buf.subarray(0, got) };
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** The same, off the event loop; with `noFollow`, a link at `file` itself is not opened (a path already resolved). */
export async function readHead(file: string, maxBytes: number, options: { noFollow?: boolean } = {}): Promise<FileHead | null> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(/*turbopackIgnore: true*/ file, options.noFollow ? OPEN_FLAGS | fs.constants.O_NOFOLLOW : OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return { mtimeMs: st.mtimeMs, size: st.size, bytes: null };
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes));
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { mtimeMs: st.mtimeMs, size: st.size, bytes: buf.subarray(0, got) };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Configuration and state files are small; one past this is not read at all. */
export const MAX_SMALL_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A whole small file's bytes: undefined when it is missing, unreadable, not
 * a regular file or over `maxBytes` (callers treat all of these as "no
 * file", as Hermes does for a file it cannot read).
 */
export function readSmallFileSync(file: string, maxBytes = MAX_SMALL_FILE_BYTES): Buffer | undefined {
  const head = readHeadSync(file, maxBytes + 1);
  if (!head?.bytes || head.bytes.length > maxBytes) return undefined;
  return head.bytes;
}

/** The same as UTF-8 text (a BOM kept: callers that strip it say so). */
export function readSmallTextSync(file: string, maxBytes = MAX_SMALL_FILE_BYTES): string | undefined {
  return readSmallFileSync(file, maxBytes)?.toString("utf8");
}

/**
 * The whole file, however large, for a file jev will rewrite (Hermes's `.usage.json`): undefined only when it does
 * not exist. Anything else that stops the read throws (NotRegularFile for a FIFO, socket or device; the open's error
 * otherwise), so the caller never replaces a file it could not read with one made from nothing.
 */
export function readWholeFileSync(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(/*turbopackIgnore: true*/ file, OPEN_FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new NotRegularFile(file);
    const chunks: Buffer[] = [];
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(65_536, st.size + 1));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A file of the user's that jev will rewrite (an agent's settings, a config, its own saved state), read whole: undefined
 * when it does not exist. A link, a FIFO, a folder, or a file over `maxBytes` is refused with one line (a JevError
 * `conflict` naming the file), never opened through nor waited on: rewriting any of them would lose or leak something.
 */
export function readOwnedFileSync(file: string, maxBytes = MAX_SMALL_FILE_BYTES): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(/*turbopackIgnore: true*/ file, OPEN_FLAGS | fs.constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw new JevError("conflict", `${file} is a symlink; jev reads and rewrites only a regular file there; nothing was changed`);
    throw new JevError("conflict", `${file} cannot be read (${code ?? "error"}); nothing was changed`);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile())
      throw new JevError(
        "conflict",
        `${file} is ${st.isDirectory() ? "a folder" : "not a regular file"}; jev reads and rewrites only a regular file there; nothing was changed`,
      );
    if (st.size > maxBytes)
      throw new JevError(
        "conflict",
        `${file} is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, too large for a file jev rewrites; nothing was changed`,
      );
    const buf = Buffer.allocUnsafe(st.size + 1);
    let got = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
      if (got > st.size) throw new JevError("conflict", `${file} grew while it was read; nothing was changed`);
    }
    return buf.subarray(0, got).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}
