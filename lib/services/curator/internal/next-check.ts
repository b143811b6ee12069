import { processWide } from "../../../base/process-state";

/** When this process's scheduler checks the curator next (epoch ms), for the Curator page and the start banner; null before it starts. */
const nextCheck = processWide("jev.curatorNextCheck", () => ({ at: null as number | null }));

export function noteNextCuratorCheck(at: number): void {
  nextCheck.at = at;
}

export function nextCuratorCheck(): number | null {
  return nextCheck.at;
}
