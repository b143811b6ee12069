import { spawn } from "node:child_process";

/** One run of an agent's command line to its end (the fake model answers from this process's event loop, so never spawnSync). */
export function agentTurn(
  bin: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; killAfterMs?: number },
): Promise<{ status: number | null; ms: number; stdout: string; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      if (stdout.length < 200_000) stdout += d;
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < 200_000) stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.killAfterMs ?? 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ status: code, ms: performance.now() - started, stdout, stderr });
    });
  });
}

/** Codex's `exec` arguments for one turn against a fake Responses API on loopback, hooks run without asking for trust. */
export function codexExecArgs(modelPort: number, prompt: string): string[] {
  const provider = `model_providers.fake={name="fake",base_url="http://127.0.0.1:${modelPort}/v1",wire_api="responses",env_key="OPENAI_API_KEY"}`;
  return ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-c", "model_provider=fake", "-c", provider, "-m", "gpt-5-codex", prompt];
}

/** Claude Code's environment for `claude -p` against a fake Messages API on loopback, nothing else reached. */
export function claudeEnv(home: string, modelPort: number): NodeJS.ProcessEnv {
  return agentEnv({
    HOME: home,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${modelPort}`,
    ANTHROPIC_API_KEY: "sk-ant-fake",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  });
}

/** An agent's whole environment: PATH and these, nothing else of the developer's (no keys, no settings). */
export function agentEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, ...vars };
  return env as NodeJS.ProcessEnv;
}
