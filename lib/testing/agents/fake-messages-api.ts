import { type RecordingServer, recordingServer } from "./recording-server";

/**
 * A loopback stand-in for Anthropic's Messages API that Claude Code calls: it
 * records each request body and answers every message with a plain "done"
 * (streamed when asked), enough for `claude -p` to run a whole turn, its
 * hooks included, with no model and no network.
 */
export function fakeMessagesApi(): Promise<RecordingServer> {
  return fakeMessagesApiCalling(() => null);
}

/** A tool the fake model calls on a conversation's first request (an MCP tool Claude Code lists, say); null for none. */
export type FirstToolUse = (requestBody: string) => { name: string; input: object } | null;

/** The same, with the first request of a conversation answered by the tool use `firstToolUse` chooses. */
export function fakeMessagesApiCalling(firstToolUse: FirstToolUse): Promise<RecordingServer> {
  let n = 0;
  return recordingServer((url, body, res) => {
    if (!url.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"type":"error","error":{"type":"not_found_error","message":"not here"}}');
      return;
    }
    if (url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":10}');
      return;
    }
    n++;
    const usage = { input_tokens: 10, output_tokens: 1 };
    const message = {
      id: `msg_${n}`,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    };
    let stream = false;
    try {
      stream = JSON.parse(body).stream === true;
    } catch {}
    const use = body.includes('"tool_result"') ? null : firstToolUse(body);
    if (use) {
      const block = { type: "tool_use", id: `toolu_${n}`, name: use.name, input: use.input };
      if (!stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ...message, content: [block], stop_reason: "tool_use" }));
        return;
      }
      const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      res.writeHead(200, { "content-type": "text/event-stream" });
      event("message_start", { message });
      event("content_block_start", { index: 0, content_block: { ...block, input: {} } });
      event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(use.input) } });
      event("content_block_stop", { index: 0 });
      event("message_delta", { delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 1 } });
      event("message_stop", {});
      res.end();
      return;
    }
    if (!stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ...message, content: [{ type: "text", text: "done" }], stop_reason: "end_turn" }));
      return;
    }
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    res.writeHead(200, { "content-type": "text/event-stream" });
    event("message_start", { message });
    event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "done" } });
    event("content_block_stop", { index: 0 });
    event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } });
    event("message_stop", {});
    res.end();
  });
}
