/**
 * Credential formats that make a turn "look secret" (selection spec §3). Each
 * rule is anchored on a vendor prefix or a structural marker, so ordinary prose
 * and code do not trip it. A hit means the turn is never sent anywhere.
 */
export interface SecretRule {
  id: string;
  pattern: RegExp;
}

export const SECRET_RULES: readonly SecretRule[] = [
  { id: "pem_private_key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { id: "aws_access_key_id", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/ },
  { id: "aws_secret_access_key", pattern: /aws_?secret_?access_?key["'\s:=]+[A-Za-z0-9/+=]{40}\b/i },
  { id: "gcp_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { id: "gcp_service_account", pattern: /"type"\s*:\s*"service_account"/ },
  { id: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { id: "gitlab_token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}\b/ },
  { id: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/ },
  { id: "slack_webhook", pattern: /hooks\.slack\.com\/services\/T[A-Za-z0-9_]+\/B[A-Za-z0-9_]+\/[A-Za-z0-9_]+/ },
  { id: "openai_key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}\b/ },
  { id: "anthropic_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}\b/ },
  { id: "stripe_key", pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { id: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { id: "pypi_token", pattern: /\bpypi-AgE[A-Za-z0-9_-]{50,}\b/ },
  { id: "huggingface_token", pattern: /\bhf_[A-Za-z0-9]{30,}\b/ },
  { id: "sendgrid_key", pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\b/ },
  { id: "twilio_key", pattern: /\bSK[0-9a-f]{32}\b/ },
  { id: "mailgun_key", pattern: /\bkey-[0-9a-f]{32}\b/ },
  { id: "shopify_token", pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/ },
  { id: "linear_key", pattern: /\blin_api_[A-Za-z0-9]{40}\b/ },
  { id: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  // scheme://user:password@host — any URL that carries a password, database or not
  { id: "url_with_password", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s@/]{1,}@[^\s/]+/i },
  { id: "connection_string_password", pattern: /\b(?:password|pwd)\s*=\s*[^;\s'"]{3,}\s*(?:;|$)/im },
  { id: "authorization_header", pattern: /\bauthorization\s*:\s*(?:bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{12,}/i },
  { id: "bearer_token", pattern: /\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*/i },
  {
    id: "secret_assignment",
    // password = "hunter2", api_key: abc123…, "client_secret": "…" — a named secret given a literal value
    pattern:
      /\b(?:pass(?:word|wd|phrase)?|secret|client_secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|private[_-]?key|token)["']?\s*[:=]\s*["']?(?![<{$])[^\s"',;]{6,}/i,
  },
];
