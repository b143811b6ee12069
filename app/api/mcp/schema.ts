import { z } from "zod";

/** A JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification, or a batch of them). */
const JsonRpcMessage = z.looseObject({ jsonrpc: z.literal("2.0") });
export const McpBody = z.union([JsonRpcMessage, z.array(JsonRpcMessage)]);
/** The server's JSON-RPC answer (a result or an error per request); a notification's answer is an empty 202. */
export const McpReply = z.union([JsonRpcMessage, z.array(JsonRpcMessage)]);
