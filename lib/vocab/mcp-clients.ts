/** The MCP clients `jev integrate <client> --mcp` writes the config of (and `jev doctor` checks), with their names. */
export const MCP_CLIENTS = ["claude-code", "codex", "gemini"] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export const MCP_CLIENT_LABELS: Record<McpClient, string> = { "claude-code": "Claude Code", codex: "Codex", gemini: "Gemini CLI" };

export const isMcpClient = (name: string | undefined): name is McpClient => (MCP_CLIENTS as readonly (string | undefined)[]).includes(name);
