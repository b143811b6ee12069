import { type RecordingServer, recordingServer } from "./recording-server";

/** The tool call the fake model makes on a turn's first request: a function's name and its arguments; null for none. */
export type FirstCall = (requestBody: string) => { name: string; namespace?: string; arguments: object } | null;

/**
 * A loopback stand-in for the OpenAI Responses API that Codex streams from:
 * it records each request body, and answers the first turn with a shell call
 * that reads `skillFile` (when given), then a plain "done". Enough for Codex
 * to run a whole turn, its hooks included, with no model and no network.
 */
export function fakeResponsesApi(skillFile?: string): Promise<RecordingServer> {
  return fakeResponsesApiCalling(() => (skillFile ? { name: "exec_command", arguments: { cmd: `cat ${skillFile}` } } : null));
}

/** The same, with the first request answered by the call `firstCall` chooses (an MCP tool Codex lists, say). */
export function fakeResponsesApiCalling(firstCall: FirstCall): Promise<RecordingServer> {
  let n = 0;
  return recordingServer((url, body, res) => {
    if (!url.endsWith("/responses")) {
      res.writeHead(404).end();
      return;
    }
    n++;
    const message = {
      type: "message",
      id: `msg_${n}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "done", annotations: [] }],
    };
    const chosen = body.includes("function_call_output") ? null : firstCall(body);
    const call = chosen && {
      type: "function_call",
      id: `fc_${n}`,
      call_id: `call_${n}`,
      name: chosen.name,
      ...(chosen.namespace ? { namespace: chosen.namespace } : {}),
      arguments: JSON.stringify(chosen.arguments),
      status: "completed",
    };
    const item = call ?? message;
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    res.writeHead(200, { "content-type": "text/event-stream" });
    event("response.created", { response: { id: `resp_${n}`, object: "response", status: "in_progress", output: [] } });
    event("response.output_item.added", { output_index: 0, item: item === message ? { ...message, status: "in_progress", content: [] } : item });
    event("response.output_item.done", { output_index: 0, item });
    const usage = {
      input_tokens: 10,
      output_tokens: 1,
      total_tokens: 11,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    };
    event("response.completed", { response: { id: `resp_${n}`, object: "response", status: "completed", output: [item], usage } });
    res.end();
  });
}
