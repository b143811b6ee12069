/**
 * What jev's route bodies read of a request: a header and the body. Next.js
 * hands a route a web Request; the front door (server/direct-routes) serves
 * the agents' per-turn routes straight from Node's request, without building
 * a web Request, its body stream and its abort signal on every turn (about
 * 0.1 ms of CPU a turn, measured with a CPU profile under bench/http.ts).
 */
export interface ApiRequest {
  /** A header by its lower-case name, repeated values joined with ", " (as web Headers do); null when absent. */
  header(name: string): string | null;
  /** The body's chunks in order. Leaving the loop early cancels the rest. */
  body(): AsyncIterable<Uint8Array>;
}

/** Either kind of request a route body may be given. */
export type AnyRequest = Request | ApiRequest;

const isApiRequest = (request: AnyRequest): request is ApiRequest => typeof (request as ApiRequest).header === "function";

const NO_BODY: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

/** A web Request seen as an ApiRequest. */
export function fromWebRequest(request: Request): ApiRequest {
  return {
    header: (name) => request.headers.get(name),
    // Node's web streams are async-iterable (leaving the loop cancels the stream); TypeScript's DOM types do not say so.
    body: () => (request.body as unknown as AsyncIterable<Uint8Array> | null) ?? NO_BODY,
  };
}

export const asApiRequest = (request: AnyRequest): ApiRequest => (isApiRequest(request) ? request : fromWebRequest(request));
