/** How to reach an OpenAI-compatible judge (`JEV_JUDGE=openai`). */
export interface RemoteJudgeConfig {
  /** The chat-completions endpoint: `JEV_JUDGE_URL` as given when it ends in /chat/completions, else that path appended. */
  endpoint: URL;
  model: string;
  /** Sent as a bearer token; local servers (Ollama, llama.cpp, vLLM) often need none. */
  key?: string;
  /** One request may take this long (`JEV_JUDGE_TIMEOUT_MS`). */
  requestTimeoutMs: number;
  /** A whole turn, both stages and any retry, may take this long (`JEV_JUDGE_DEADLINE_MS`). */
  turnDeadlineMs: number;
}

export const REMOTE_DEFAULTS = { requestTimeoutMs: 10_000, turnDeadlineMs: 20_000 } as const;

/** The endpoint for a base URL (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`) or a full one; or why not. */
export function chatEndpoint(raw: string | undefined): URL | string {
  if (!raw) return "JEV_JUDGE_URL is required for JEV_JUDGE=openai (e.g. https://api.openai.com/v1)";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "JEV_JUDGE_URL is not a URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "JEV_JUDGE_URL must be http or https";
  if (!url.pathname.endsWith("/chat/completions")) url.pathname = `${url.pathname.replace(/\/+$/, "")}/chat/completions`;
  return url;
}
