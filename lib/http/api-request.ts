/**
 * What jev's route bodies read of a request: a header and the body. Next.js hands a route a web Request; the front
 * door (server/direct-routes) serves the agents' per-turn routes straight from Node's request, without building a web
 * Request, its body stream and its abort signal on every turn (their cost: lib/README.md).
 */
export interface ApiRequest {
  /** The request target as sent: path and query (`/api/decisions?limit=5`). */
  readonly url: string;
  /** A header by its lower-case name, repeated values joined with ", " (as web Headers do); null when absent. */
  header(name: string): string | null;
  /**
   * Read the body: each chunk in order to `take`, until it returns false
   * (the rest is cancelled). Settles when the body has ended or was
   * cancelled; rejects when the request broke off. Pushed, not iterated: an
   * async iterator over Node's request made eight promises a turn.
   */
  readBody(take: (chunk: Uint8Array) => boolean): Promise<void>;
  /** The body as a web stream, for a route that reads a large upload at its own pace (the replay log). */
  bodyStream(): ReadableStream<Uint8Array> | null;
}

/** Either kind of request a route body may be given. */
export type AnyRequest = Request | ApiRequest;

const isApiRequest = (request: AnyRequest): request is ApiRequest => typeof (request as ApiRequest).header === "function";

/** A web Request seen as an ApiRequest. */
export function fromWebRequest(request: Request): ApiRequest {
  return {
    // Parsed only when a route reads its query: the per-turn POSTs never do.
    get url() {
      const url = new URL(request.url);
      return url.pathname + url.search;
    },
    header: (name) => request.headers.get(name),
    bodyStream: () => request.body,
    async readBody(take) {
      // Node's web streams are async-iterable (leaving the loop cancels the stream); TypeScript's DOM types do not say so.
      const body = request.body as unknown as AsyncIterable<Uint8Array> | null;
      if (!body) return;
      for await (const chunk of body) if (!take(chunk)) break;
    },
  };
}

export const asApiRequest = (request: AnyRequest): ApiRequest => (isApiRequest(request) ? request : fromWebRequest(request));
