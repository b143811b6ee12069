import net from "node:net";

/**
 * Which `Host:` names the server answers (the guard against DNS rebinding): `localhost` and `*.localhost`, any
 * IP address, the name in `HOST`, and `JEV_ALLOWED_HOSTS` for a proxy or a fleet (`jev.example.com`,
 * `.example.com` for every name under it, `*` to turn the check off). Vite's dev server decides the same way.
 */
// A rebinding page points its own name at 127.0.0.1 and reads the dashboard as its own page; it can only send its
// own name. A page whose origin is a bare address was opened at that address, which no rebinding can arrange.
export interface AllowedHosts {
  /** Lower-case names; a leading dot also allows every name under it; `*` allows any. */
  names: readonly string[];
}

/** The host name of a `Host:` header, lower-case, without its port or a trailing dot; null when it is not one. */
export function hostNameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    if (end === -1) return null;
    const rest = value.slice(end + 1);
    if (rest && !/^:\d{1,5}$/.test(rest)) return null;
    return value.slice(0, end + 1);
  }
  const match = /^([^:\s/]+)(?::\d{1,5})?$/.exec(value);
  return match ? match[1].replace(/\.$/, "") : null;
}

function isIpLiteral(name: string): boolean {
  if (name.startsWith("[") && name.endsWith("]")) return net.isIPv6(name.slice(1, -1));
  return net.isIPv4(name);
}

export function isAllowedHost(header: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed.names.includes("*")) return true;
  if (!header) return false;
  const name = hostNameOf(header);
  if (!name) return false;
  if (isIpLiteral(name) || name === "localhost" || name.endsWith(".localhost")) return true;
  return allowed.names.some((n) => (n.startsWith(".") ? name === n.slice(1) || name.endsWith(n) : name === n));
}

/** The names a server started on `host` with `JEV_ALLOWED_HOSTS=extra` answers besides localhost and IP addresses. */
export function allowedHosts(host: string, extra: readonly string[]): AllowedHosts {
  const own = hostNameOf(host);
  const names = [...extra.map((n) => n.trim().toLowerCase().replace(/\.$/, "")).filter(Boolean)];
  if (own && !isIpLiteral(own)) names.push(own);
  return { names };
}
