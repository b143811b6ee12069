import { describe, expect, it } from "vitest";
import { looksSecret, redact, redactSecrets } from "./redact";

// Fixtures are assembled from parts so no complete credential sits in the source tree.
const j = (...parts: string[]) => parts.join("");

const SECRET_TURNS: [string, string][] = [
  ["AWS access key id", `use ${j("AKIA", "IOSFODNN7EXAMPLE")} for the bucket`],
  ["AWS secret", `aws_secret_access_key = ${j("wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYEXAMPLEKEY")}`],
  ["GCP API key", `key ${j("AIza", "SyA-1234567890abcdefghijklmnopqrstu")}`],
  ["GitHub token", `token ${j("ghp_", "a".repeat(36))} please`],
  ["GitHub fine-grained", j("github_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz")],
  ["Slack token", j("xoxb-", "123456789012-1234567890123-abcdefABCDEF")],
  ["OpenAI key", `OPENAI_API_KEY ${j("sk-proj-", "abcdefghijklmnopqrstuvwxyz0123")}`],
  ["Anthropic key", j("sk-ant-", "api03-abcdefghijklmnopqrstuvwxyz")],
  ["Stripe key", j("sk_live_", "abcdefghijklmnop1234")],
  ["JWT", j("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", ".", "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U")],
  ["PEM private key", j("-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEow...")],
  ["OpenSSH private key", j("-----BEGIN OPENSSH ", "PRIVATE KEY-----")],
  ["password in URL", "connect to postgres://admin:s3cr3tpw@db.internal:5432/app"],
  ["password in https URL", "clone https://bob:hunter22@git.example.com/repo.git"],
  ["connection string", "Server=db;Database=app;User Id=sa;Password=Sup3rSecret;"],
  ["password assignment", 'set password = "correct-horse-battery"'],
  ["api_key assignment", "api_key: 9f8e7d6c5b4a3210"],
  ["authorization header", "curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345'"],
  ["npm token", j("npm_", "abcdefghijklmnopqrstuvwxyz0123456789")],
  ["HF token", j("hf_", "abcdefghijklmnopqrstuvwxyzABCDEF")],
];

const ORDINARY_TURNS = [
  "fix the failing test in auth.ts",
  "how do I rotate my AWS access keys?",
  "add a password reset form to the login page",
  "the api key lives in an environment variable, read it from process.env",
  "set password = $DB_PASSWORD from the vault",
  "explain how JWT tokens are signed",
  "open https://example.com/docs and summarise it",
  "create a Slack bot that posts daily standups",
  "what is a PEM file?",
  "skill-creator: make a new skill for pdf parsing",
];

describe("looksSecret", () => {
  it.each(SECRET_TURNS)("flags %s", (_label, turn) => {
    expect(looksSecret(turn)).toBe(true);
  });
  it.each(ORDINARY_TURNS)("lets %j through", (turn) => {
    expect(looksSecret(turn)).toBe(false);
  });
});

describe("redact", () => {
  it.each(SECRET_TURNS)("removes the %s", (_label, turn) => {
    const out = redact(turn);
    expect(out).toContain("[SECRET]");
    expect(looksSecret(out)).toBe(false);
  });
  it("masks e-mail addresses, phone numbers and IPs but keeps the request", () => {
    const out = redact("email jane.doe@example.org or call +44 20 7946 0958 about 10.0.0.12, then draft the reply");
    expect(out).toBe("email [EMAIL] or call [PHONE] about [IP], then draft the reply");
  });
});

describe("redactSecrets (a SKILL.md jev hands out)", () => {
  it.each(SECRET_TURNS)("removes the %s and keeps the rest", (_label, turn) => {
    const out = redactSecrets(turn);
    expect(out).toContain("[SECRET]");
    expect(looksSecret(out)).toBe(false);
  });
  it("takes out what a file of credentials holds: a private key's body, an .env's password, jev's own token", () => {
    const key = j(
      "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n",
      "QyNTUxOQAAACBxk1Qm4C3KbQ8qWnO0t5rV2Yb7sCxLp9ZvQ3dH1eJmKwAAAJgUhd7cFIXe\n",
    );
    const file = [
      "# notes",
      j("-----BEGIN OPENSSH ", "PRIVATE KEY-----"),
      key.trimEnd(),
      j("-----END OPENSSH ", "PRIVATE KEY-----"),
      j("DB_PASSWORD=", "hunter22"),
      j("OPENROUTER_API_KEY=", "or-123456789abc"),
      j("token: jev_", "Qm9vbGVhbnNBcmVOb3RUb2tlbnMhISEhISEhISEh".slice(0, 32)),
      "the end",
    ].join("\n");
    const out = redactSecrets(file);
    expect(out).not.toContain("b3BlbnNzaC1rZXktdjEAAAAA");
    expect(out).not.toContain("hunter22");
    expect(out).not.toContain("or-123456789abc");
    expect(out).not.toMatch(/jev_[A-Za-z0-9_-]{20}/);
    expect(out).toMatch(/^# notes\n\[SECRET\]\n/);
    expect(out.endsWith("the end")).toBe(true);
  });

  it("keeps addresses and IPs: in a skill they are its own examples", () => {
    const text = "Mail jane.doe@example.org; the server is 10.0.0.12.";
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("hostile turns (catastrophic backtracking)", () => {
  // A 100 KB turn of "a.a.a…" took 10–30 s before every quantifier that can restart at each dot was bounded.
  it.each(["a.", "a-", "a_", "ab_cd_", "a1b2-", "eyJaaaaaaaaa.", "token aaaaaaaaaaaaaaaa ", "Authorization: ", "-----BEGIN RSA PRIVATE KEY-----\nab"])(
    "scans 100 KB of %j in well under a second",
    (unit) => {
      const turn = unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);
      const started = performance.now();
      looksSecret(turn);
      redact(turn);
      expect(performance.now() - started).toBeLessThan(1_000);
    },
  );
});
