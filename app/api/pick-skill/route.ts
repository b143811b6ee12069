import { getDb } from "@/db/client";
import { serializeReply } from "@/lib/engine/reply";
import { handle, readJson, requireToken } from "@/lib/http/handle";
import { pickSkillService } from "@/lib/services/pick-skill";
import { PickSkillBody } from "./schema";

export async function POST(request: Request) {
  return handle(async () => {
    requireToken(request);
    const body = await readJson(request, PickSkillBody);
    const { reply } = await pickSkillService(
      { turn: body.turn, sessionId: body.session_id, roots: body.roots, loaded: body.loaded, loadable: body.loadable, agent: body.agent },
      { channel: "api", db: getDb() },
    );
    return new Response(serializeReply(reply), { headers: { "content-type": "application/json" } });
  });
}
