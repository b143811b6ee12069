import { getOrCreate } from "../base/collections";

/**
 * Credential formats that make a turn "look secret" (selection spec §3), each anchored on a vendor prefix or a
 * structural marker so prose and code do not trip it; values with no marker are left to generic-secret.ts. A hit
 * means the turn is never sent anywhere. secret-corpus.txt holds one or more cases per rule.
 */
// The families follow the well-known open rule sets (gitleaks' default configuration and similar), written here
// from the published token formats.
export interface SecretRule {
  id: string;
  pattern: RegExp;
}

export const SECRET_RULES: readonly SecretRule[] = [
  // Keys and key files
  // The whole block when its end is there (the body is the secret), else the header alone; bounded (a key is a few KiB).
  {
    id: "pem_private_key",
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=:\s-]{0,16384}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?/,
  },
  { id: "age_secret_key", pattern: /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/ },
  { id: "putty_private_key", pattern: /\bPuTTY-User-Key-File-\d+:/ },

  // jev's own API token (lib/auth/api-token.ts: `jev_` and 24 random bytes, base64url)
  { id: "jev_api_token", pattern: /\bjev_[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/ },

  // Cloud providers
  { id: "aws_access_key_id", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/ },
  { id: "aws_secret_access_key", pattern: /aws_?secret_?access_?key["'\s:=]+[A-Za-z0-9/+=]{40}\b/i },
  { id: "azure_storage_key", pattern: /\bAccountKey\s*=\s*[A-Za-z0-9+/]{40,}={0,2}/i },
  { id: "azure_sas_signature", pattern: /[?&;]\s*(?:sig|SharedAccessSignature)=[A-Za-z0-9%+/]{30,}={0,2}/ },
  { id: "azure_shared_access_key", pattern: /\bSharedAccessKey\s*=\s*[A-Za-z0-9+/]{30,}={0,2}/i },
  { id: "azure_ad_client_secret", pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/ },
  { id: "gcp_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { id: "gcp_service_account", pattern: /"type"\s*:\s*"service_account"/ },
  { id: "google_oauth_client_secret", pattern: /\bGOCSPX-[A-Za-z0-9_-]{28}\b/ },
  { id: "google_oauth_token", pattern: /\bya29\.[0-9A-Za-z_-]{20,}/ },
  { id: "alibaba_access_key", pattern: /\bLTAI[A-Za-z0-9]{12,20}\b/ },
  { id: "digitalocean_token", pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/ },
  { id: "yandex_key", pattern: /\b(?:AQVN[A-Za-z0-9_-]{35,38}|YC[A-Za-z0-9_-]{38}|t1\.[A-Z0-9a-z_-]+[=]{0,2}\.[A-Z0-9a-z_-]{86}[=]{0,2})\b/ },
  { id: "cloudflare_origin_ca_key", pattern: /\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b/ },

  // Source hosting, CI and package registries
  { id: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { id: "gitlab_token", pattern: /\b(?:glpat|glptt|gldt|glrt|glcbt|glsoat|glffct|glimt|glagent)-[A-Za-z0-9_-]{20,}\b|\bGR1348941[A-Za-z0-9_-]{20}\b/ },
  { id: "bitbucket_app_password", pattern: /\bATBB[A-Za-z0-9_=.-]{28,}\b/ },
  { id: "atlassian_api_token", pattern: /\bATATT3[A-Za-z0-9_=-]{150,}/ },
  { id: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { id: "pypi_token", pattern: /\bpypi-AgE[A-Za-z0-9_-]{50,}\b/ },
  { id: "rubygems_key", pattern: /\brubygems_[a-f0-9]{48}\b/ },
  { id: "nuget_key", pattern: /\boy2[a-z0-9]{43}\b/ },
  { id: "clojars_token", pattern: /\bCLOJARS_[a-z0-9]{60}\b/i },
  { id: "docker_hub_pat", pattern: /\bdckr_pat_[A-Za-z0-9_-]{27,}\b/ },
  { id: "hashicorp_vault_token", pattern: /\bhv[sb]\.[A-Za-z0-9_-]{24,}/ },
  { id: "terraform_cloud_token", pattern: /\b[a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70}\b/ },
  { id: "pulumi_token", pattern: /\bpul-[a-f0-9]{40}\b/ },
  { id: "doppler_token", pattern: /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b/ },
  { id: "sourcegraph_token", pattern: /\bsgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}\b/ },
  { id: "prefect_key", pattern: /\bpnu_[A-Za-z0-9]{36}\b/ },

  // Hosting and platforms
  { id: "heroku_key", pattern: /\bHRKU-[A-Za-z0-9_-]{60}\b/ },
  { id: "netlify_token", pattern: /\bnfp_[A-Za-z0-9]{36}\b/ },
  { id: "flyio_token", pattern: /\bFlyV1 fm\d_[A-Za-z0-9+/=_,-]{50,}/ },
  { id: "render_key", pattern: /\brnd_[A-Za-z0-9]{32}\b/ },
  { id: "planetscale_token", pattern: /\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64}\b/ },
  { id: "supabase_token", pattern: /\bsb(?:p|_secret)_[A-Za-z0-9_-]{32,}\b/ },
  { id: "databricks_token", pattern: /\bdapi[a-f0-9]{32}(?:-\d)?\b/ },
  { id: "dynatrace_token", pattern: /\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b/ },
  { id: "grafana_token", pattern: /\b(?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})/ },
  { id: "new_relic_key", pattern: /\bNR(?:AK|II|AA)-[A-Z0-9]{27}\b|\bNRJS-[a-f0-9]{19}\b/ },
  { id: "sentry_token", pattern: /\bsntry[su]_[A-Za-z0-9+/=_]{40,}/ },

  // AI providers
  { id: "openai_key", pattern: /\bsk-(?:proj-|svcacct-|admin-|or-v1-)?[A-Za-z0-9_-]{20,}\b/ },
  { id: "anthropic_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}\b/ },
  { id: "groq_key", pattern: /\bgsk_[A-Za-z0-9]{48,}\b/ },
  { id: "replicate_token", pattern: /\br8_[A-Za-z0-9]{37}\b/ },
  { id: "perplexity_key", pattern: /\bpplx-[A-Za-z0-9]{40,}\b/ },
  { id: "xai_key", pattern: /\bxai-[A-Za-z0-9]{60,}\b/ },
  { id: "huggingface_token", pattern: /\bhf_[A-Za-z0-9]{30,}\b/ },

  // Messaging, SaaS and payments
  { id: "slack_token", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}\b/ },
  { id: "slack_webhook", pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Za-z0-9_]+\/[A-Za-z0-9_]+\/[A-Za-z0-9_]+/ },
  { id: "discord_webhook", pattern: /discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,}/ },
  { id: "discord_bot_token", pattern: /\b[MNO][A-Za-z\d]{23,25}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,38}\b/ },
  { id: "telegram_bot_token", pattern: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/ },
  { id: "teams_webhook", pattern: /\.webhook\.office\.com\/webhookb2\/[A-Za-z0-9@-]{20,}/ },
  { id: "twilio_key", pattern: /\bSK[0-9a-f]{32}\b/ },
  { id: "sendgrid_key", pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\b/ },
  { id: "mailgun_key", pattern: /\bkey-[0-9a-f]{32}\b/ },
  { id: "mailchimp_key", pattern: /\b[0-9a-f]{32}-us\d{1,2}\b/ },
  { id: "postman_key", pattern: /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/ },
  { id: "linear_key", pattern: /\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b/ },
  { id: "notion_token", pattern: /\b(?:secret_[A-Za-z0-9]{43}|ntn_[0-9]{11}[A-Za-z0-9]{35})\b/ },
  { id: "airtable_pat", pattern: /\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}\b/ },
  { id: "figma_token", pattern: /\bfigd_[A-Za-z0-9_-]{40}\b/ },
  { id: "contentful_token", pattern: /\bCFPAT-[A-Za-z0-9_-]{43}\b/ },
  { id: "shopify_token", pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/ },
  { id: "stripe_key", pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { id: "stripe_webhook_secret", pattern: /\bwhsec_[A-Za-z0-9+/=]{32,}/ },
  { id: "square_token", pattern: /\b(?:sq0atp-[0-9A-Za-z_-]{22}|sq0csp-[0-9A-Za-z_-]{43}|EAAA[A-Za-z0-9_-]{60})\b/ },
  { id: "braintree_token", pattern: /\baccess_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}\b/ },
  { id: "flutterwave_key", pattern: /\bFLW(?:SECK|PUBK)_TEST-[a-h0-9]{32}-X\b|\bFLWSECK-[a-h0-9]{32}-X\b/i },
  { id: "shippo_token", pattern: /\bshippo_(?:live|test)_[a-f0-9]{40}\b/ },
  { id: "easypost_key", pattern: /\bEZ[AT]K[A-Za-z0-9]{54}\b/ },
  { id: "duffel_token", pattern: /\bduffel_(?:test|live)_[A-Za-z0-9_=-]{43}\b/ },
  { id: "typeform_token", pattern: /\btfp_[A-Za-z0-9_-]{44}_[A-Za-z0-9_-]{14}\b/ },
  { id: "facebook_token", pattern: /\bEAA(?:CEdEose0cBA|[A-Za-z0-9]{4})[A-Za-z0-9]{80,}/ },
  { id: "twitter_bearer", pattern: /\bA{22}[A-Za-z0-9%]{40,}/ },
  { id: "mapbox_secret", pattern: /\bsk\.eyJ[A-Za-z0-9_-]{50,}\.[A-Za-z0-9_-]{20,}/ },
  { id: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },

  // Structural: URLs, connection strings, headers, assignments
  // scheme://user:password@host — any URL that carries a password, the user may be empty (redis://:pw@host)
  // (every part bounded: an unbounded scheme made a 100 KB "a.a.a…" turn take seconds, retried at each dot)
  { id: "url_with_password", pattern: /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]{0,256}:[^\s@/]{1,256}@[^\s/]/i },
  { id: "connection_string_password", pattern: /\b(?:password|pwd)\s*=\s*[^;\s'"]{3,}\s*(?:;|$)/im },
  { id: "authorization_header", pattern: /\bauthorization\s*:\s*(?:bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{12,}/i },
  { id: "bearer_token", pattern: /\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*/i },
  { id: "netrc_password", pattern: /\bmachine\s+\S+\s+login\s+\S+\s+password\s+\S{4,}/i },
  {
    id: "secret_assignment",
    // password = "hunter2", api_key: abc123…, "client_secret": "…", DB_PASSWORD=… — a named secret given a literal value
    // (a name's prefix bounded: four parts at most, each scan stays short).
    // Not a value read from elsewhere: process.env.API_KEY, config.get(…), os.environ[…] (the value is taken
    // whole, through a lookahead and back-reference, so backtracking cannot shorten it past those checks).
    pattern:
      /(?<![A-Za-z0-9])(?:[A-Za-z0-9]{1,40}_){0,4}(?:pass(?:word|wd|phrase)?|secret|client_secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|private[_-]?key|token)["']?\s*[:=]\s*["']?(?![<{$])(?!(?:your|my)[_-]|x{4}|\*{3}|change[_-]?me|replace[_-]?me|placeholder)(?!(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*(?![\w$.]))(?=([^\s"',;()[\]{}]{6,}))\1(?![([])/i,
  },
];

/** A pattern that refers to its own groups must stay whole: in a combined pattern its group numbers would move. */
const refersToItsGroups = (source: string) => /\\[1-9]|\\k<|\(\?<[A-Za-z]/.test(source);

/**
 * The rules as one alternation per set of flags (a rule that refers to its own groups stays alone). An alternation
 * matches where one of its alternatives does, so a text trips one of these exactly when it trips a rule. Most turns
 * trip none, and scanning a few combined patterns cost less than 88 scans (MetaTool turns: 12.4 -> 5.5 us in one
 * timing).
 */
export const ANY_SECRET_RULE: readonly RegExp[] = (() => {
  const byFlags = new Map<string, string[]>();
  const alone: RegExp[] = [];
  for (const { pattern } of SECRET_RULES) {
    if (refersToItsGroups(pattern.source)) alone.push(pattern);
    else getOrCreate(byFlags, pattern.flags, () => []).push(`(?:${pattern.source})`);
  }
  const combined = [...[...byFlags].map(([flags, sources]) => new RegExp(sources.join("|"), flags)), ...alone];
  // Compiled now, not in the first turns that ask: V8 compiles a pattern on its first run and again, to machine code, on its
  // second (about a millisecond for these and the rules a hit is then looked up in), and a turn's latency is logged.
  for (let run = 0; run < 2; run++) for (const pattern of [...combined, ...SECRET_RULES.map((r) => r.pattern)]) pattern.test("");
  return combined;
})();

/** Whether `text` trips any rule (the id is then found rule by rule). */
export function tripsSecretRule(text: string): boolean {
  return ANY_SECRET_RULE.some((pattern) => pattern.test(text));
}
