/** The part of fs-ext (a native flock(2) binding, no published types) that jev uses. */
declare module "fs-ext" {
  export function flockSync(fd: number, flags: "sh" | "ex" | "shnb" | "exnb" | "un"): void;
}
