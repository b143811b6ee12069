import { z } from "zod";
import { nameKeyed } from "../base/collections";
import type { ApiRequest } from "./api-request";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date a client sends in a query: a UTC day (`to` inclusive) or an ISO-8601 instant. Range checks are the service's. */
export const instant = z.string().refine((v) => (DAY.test(v) || v.includes("T")) && !Number.isNaN(Date.parse(v)), "expected YYYY-MM-DD or an ISO-8601 time");

/** The query string as one value per key (a repeated key keeps its first value). */
export function searchParamsOf(request: ApiRequest): Record<string, string> {
  const out = nameKeyed<string>();
  for (const [k, v] of new URL(request.url, "http://jev.invalid").searchParams) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}
