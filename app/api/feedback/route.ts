import { toResponse } from "@/lib/http/json-reply";
import { feedbackReply } from "./reply";

export async function POST(request: Request) {
  return toResponse(await feedbackReply(request));
}
