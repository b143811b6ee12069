/**
 * Names from outside that a JavaScript object with a prototype treats
 * specially. Every service, route, action and page that takes a name gets
 * each of them in the tests (lib/services/hostile-names.test.ts,
 * e2e/hardening.spec.ts, the fuzz); none may reach Object.prototype, and
 * each is a plain key, as it is in Hermes's Python dicts.
 */
export const HOSTILE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "__lookupGetter__",
  "isPrototypeOf",
] as const;
