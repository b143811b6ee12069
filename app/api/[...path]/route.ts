import { JevError } from "@/lib/base/errors";
import { errorResponse } from "@/lib/http/handle";

/** Unknown API paths answer in the API's error shape, not with an HTML page. */
function notFound() {
  return errorResponse(new JevError("not_found", "no such API route"));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
