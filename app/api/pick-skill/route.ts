import { toResponse } from "@/lib/http/json-reply";
import { pickSkillReply } from "./reply";

export async function POST(request: Request) {
  return toResponse(await pickSkillReply(request));
}
