import { type RecordingServer, recordingServer } from "./recording-server";

/** The function the fake model calls on a conversation's first request (an MCP tool Gemini CLI lists); null for none. */
export type FirstFunctionCall = (requestBody: string) => { name: string; args: object } | null;

/**
 * A loopback stand-in for the Gemini API that Gemini CLI calls (GOOGLE_GEMINI_BASE_URL): it records each request
 * body, answers a conversation's first request with the call `firstCall` chooses, and everything else with "done".
 * Enough for `gemini -p` to run a whole turn with no model and no network.
 */
export function fakeGeminiApi(firstCall: FirstFunctionCall): Promise<RecordingServer> {
  return recordingServer((url, body, res) => {
    if (url.includes(":countTokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"totalTokens":10}');
      return;
    }
    if (!url.includes(":generateContent") && !url.includes(":streamGenerateContent")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":404,"message":"not here","status":"NOT_FOUND"}}');
      return;
    }
    const call = body.includes('"functionResponse"') ? null : firstCall(body);
    const asked = jsonAsked(body);
    const text = asked === undefined ? "done" : JSON.stringify(sampleOf(asked));
    const parts = call && asked === undefined ? [{ functionCall: { name: call.name, args: call.args } }] : [{ text }];
    const chunk = {
      candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
      modelVersion: "gemini-2.5-pro",
    };
    if (url.includes(":streamGenerateContent")) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(chunk));
  });
}

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[] };

/** The schema of a request that wants JSON back (Gemini CLI's own side questions, e.g. its model router's), if any. */
function jsonAsked(body: string): Schema | undefined {
  try {
    const config = JSON.parse(body).generationConfig ?? {};
    if (config.responseMimeType !== "application/json") return undefined;
    return config.responseJsonSchema ?? config.responseSchema ?? {};
  } catch {
    return undefined;
  }
}

/** The smallest value a schema takes: its required fields, each the plainest of its type. */
function sampleOf(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch ((schema.type ?? "object").toLowerCase()) {
    case "string":
      return "";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    default:
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {})]));
  }
}
