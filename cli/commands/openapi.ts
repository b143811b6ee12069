import fs from "node:fs";
import { apiDocument } from "../../app/api/contract";
import { parseFlags } from "../usage";

/** `jev openapi [--out FILE]`: the HTTP API's OpenAPI 3.1 document, what `GET /api/openapi.json` serves. */
export async function openapiCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { out: { type: "string" } });
  const text = JSON.stringify(apiDocument(), null, 2);
  if (flags.out) fs.writeFileSync(flags.out, `${text}\n`);
  else out(text);
  return 0;
}
