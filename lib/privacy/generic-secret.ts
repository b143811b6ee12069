/**
 * The generic detector: a value that looks random right after a word that names a credential (`key`, `token`,
 * `secret`, `password`, `auth`, `STRIPE_SECRET_KEY=` …), UUID-shaped ones included, and is not an identifier, path or
 * placeholder. It catches formats with no vendor prefix, while talk about credentials or an unrelated id passes.
 */
// Heroku and Snyk UUIDs, Datadog and Cloudflare hex keys, Azure DevOps PATs; "how do I rotate my AWS keys?" and
// "ticket 3f2a…" pass.
/** A name, then `:`, `=`, `is`, `to` or just a space, then a 12+ character value (looked at, not consumed). */
const CANDIDATE = /(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]{1,60})["']?[ \t]{0,3}(?:[:=]>?|\bis\b|\bto\b)?[ \t]{0,3}["'`]?(?=([A-Za-z0-9+/=_~.-]{12,256}))/g;

/** Words that name a credential, as whole parts of a name: `STRIPE_SECRET_KEY`, `apiKey`, `AccountKey` — not `monkey` or `unauthenticated`. */
const CREDENTIAL_WORDS = new Set([
  "key",
  "keys",
  "apikey",
  "accountkey",
  "token",
  "tokens",
  "secret",
  "secrets",
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "credential",
  "credentials",
  "auth",
  "sig",
  "signature",
  "pat",
]);

/** The lower-cased parts of a name: split at `_`, `.`, `-` and camelCase humps. */
function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase());
}

const namesCredential = (name: string) => nameParts(name).some((p) => CREDENTIAL_WORDS.has(p));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One word of an identifier or a path: `config`, `API`, `Button2`, `camelCase`. */
const WORD = /^(?:[A-Z]?[a-z]+(?:[A-Z][a-z]+)*\d{0,2}|[A-Za-z]{1,2}\d{1,4}|[A-Z]+\d{0,2}|\d{1,4})$/;
/** Values people write instead of a secret. */
const PLACEHOLDER = /^(?:x+|\*+|\.+|<.*>|your[_-]?.*|(?:example|sample|dummy|placeholder|changeme|redacted|secret|password|token)[_-]?.*)$/i;

/** Shannon entropy of the characters, in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** True when `raw` looks like a generated credential rather than a word, id, path or placeholder. */
export function looksRandom(raw: string): boolean {
  const value = raw.replace(/[.,;:]+$/, "");
  if (value.length < 12) return false;
  if (UUID.test(value)) return true;
  if (PLACEHOLDER.test(value) || /^\d+$/.test(value)) return false;
  const segments = value.split(/[._/-]+/).filter(Boolean);
  if (segments.every((s) => WORD.test(s))) return false; // process.env.API_KEY, src/components/Button2.tsx
  const letters = (value.match(/[A-Za-z]/g) ?? []).length;
  const digits = (value.match(/\d/g) ?? []).length;
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  if (letters === 0 || (digits === 0 && !mixedCase)) return false;
  // Random strings use many distinct characters; the bar rises with length up to base64's typical 4+ bits.
  return entropy(value) >= Math.min(3.3, 0.72 * Math.log2(value.length));
}

/**
 * What every hit needs somewhere in the text: a credential word (a name's
 * parts are pieces of it, lower-cased) and a run as long as a value. Most
 * turns have neither, and are not scanned name by name.
 */
const CREDENTIAL_WORD_ANYWHERE = new RegExp([...CREDENTIAL_WORDS].join("|"), "i");
const VALUE_RUN = /[A-Za-z0-9+/=_~.-]{12}/;

/** Whether `text` has what any hit needs (a test checks that no hit is found without it). */
export function mayHoldGenericSecret(text: string): boolean {
  return CREDENTIAL_WORD_ANYWHERE.test(text) && VALUE_RUN.test(text);
}

/** Each generic hit's value, as [start, end) offsets into `text`. */
export function genericSecretSpans(text: string): [number, number][] {
  return mayHoldGenericSecret(text) ? candidateSpans(text) : [];
}

/** The hits found name by name, with no pre-check (exported for that test). */
export function candidateSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const [head, name, value] = m;
    if (!namesCredential(name) || !looksRandom(value)) continue;
    const start = (m.index ?? 0) + head.length;
    spans.push([start, start + value.replace(/[.,;:]+$/, "").length]);
  }
  return spans;
}
