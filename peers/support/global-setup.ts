import { ensureBuild } from "../../scripts/ensure-build.mjs";

/** The peer tests serve the built app as users get it: build it first when there is none or it is stale. */
export default function setup(): void {
  ensureBuild("peers:");
}
