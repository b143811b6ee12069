import fs from "node:fs";
import path from "node:path";
import { isMap, isSeq, parseDocument } from "yaml";
import { JevError } from "../base/errors";
import { atomicWriteFile } from "../fs/atomic-write";
import { readOwnedFileSync } from "../fs/regular-file";

/**
 * `jev integrate hermes`: link jev's plugin folder into a Hermes home (`$HERMES_HOME/plugins/jev` → this checkout's
 * `integrations/hermes/jev`, so it updates with the checkout) and add `jev` to `plugins.enabled` in `config.yaml`,
 * keeping the rest of the file, comments included. Running it again changes nothing.
 */
export interface HermesInstall {
  linked: "created" | "kept" | "replaced";
  enabled: "added" | "kept";
  /** `jev` is in `plugins.disabled`, which wins over `enabled` in Hermes: left for the user to decide. */
  disabledWins: boolean;
  backup?: string;
}

const PLUGIN_NAME = "jev";
/** Hermes's config.yaml is a few KiB; one past this is not read (a YAML parse of megabytes holds the CLI). */
const CONFIG_MAX_BYTES = 1024 * 1024;

export async function installHermesPlugin(hermesHome: string, pluginSource: string): Promise<HermesInstall> {
  const target = path.join(hermesHome, "plugins", PLUGIN_NAME);
  const linked = linkPlugin(target, pluginSource);
  const configFile = path.join(hermesHome, "config.yaml");
  // A link, a FIFO, a folder or an oversized file is refused, never read through or waited on.
  const text = readOwnedFileSync(configFile, CONFIG_MAX_BYTES) ?? "";
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new JevError("conflict", `${configFile} is not valid YAML; left as it is`);
  if (doc.contents !== null && !isMap(doc.contents)) throw new JevError("conflict", `${configFile} is not a mapping; left as it is`);
  const plugins = doc.get("plugins");
  if (plugins !== undefined && plugins !== null && !isMap(plugins)) throw new JevError("conflict", `${configFile}: plugins is not a mapping; left as it is`);
  const listed = (key: string) => {
    const list = doc.getIn(["plugins", key]);
    return isSeq(list) ? list.items.map((item) => String((item as { value?: unknown }).value ?? item)) : [];
  };
  const disabledWins = listed("disabled").includes(PLUGIN_NAME);
  if (listed("enabled").includes(PLUGIN_NAME)) return { linked, enabled: "kept", disabledWins };
  const enabled = doc.getIn(["plugins", "enabled"]);
  if (enabled !== undefined && enabled !== null && !isSeq(enabled))
    throw new JevError("conflict", `${configFile}: plugins.enabled is not a list; left as it is`);
  if (isSeq(enabled)) enabled.add(PLUGIN_NAME);
  else doc.setIn(["plugins", "enabled"], doc.createNode([PLUGIN_NAME]));
  let backup: string | undefined;
  if (text !== "") {
    backup = `${configFile}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.copyFileSync(configFile, backup);
  }
  fs.mkdirSync(hermesHome, { recursive: true });
  await atomicWriteFile(configFile, doc.toString(), ".config.yaml.jev");
  return { linked, enabled: "added", disabledWins, backup };
}

/** The plugin folder as a link to this checkout's; an older checkout's link is replaced, anything else is refused. */
function linkPlugin(target: string, source: string): HermesInstall["linked"] {
  const existing = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!existing) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(source, target, "dir");
    return "created";
  }
  if (!existing.isSymbolicLink()) throw new JevError("conflict", `${target} exists and is not jev's link; remove it to install`);
  const pointsTo = path.resolve(path.dirname(target), fs.readlinkSync(target));
  if (pointsTo === path.resolve(source)) return "kept";
  if (!pointsTo.endsWith(path.join("integrations", "hermes", PLUGIN_NAME)))
    throw new JevError("conflict", `${target} links elsewhere (${pointsTo}); remove it to install`);
  fs.unlinkSync(target);
  fs.symlinkSync(source, target, "dir");
  return "replaced";
}

/** `--remove`: jev's plugin link gone and `jev` out of `plugins.enabled` (a backup first, the rest of config.yaml kept). */
export async function uninstallHermesPlugin(hermesHome: string): Promise<{ unlinked: boolean; disabled: boolean; backup?: string }> {
  const target = path.join(hermesHome, "plugins", PLUGIN_NAME);
  const link = fs.lstatSync(target, { throwIfNoEntry: false });
  let unlinked = false;
  if (link?.isSymbolicLink() && fs.readlinkSync(target).endsWith(path.join("integrations", "hermes", PLUGIN_NAME))) {
    fs.unlinkSync(target);
    unlinked = true;
  } else if (link) throw new JevError("conflict", `${target} is not jev's link; left as it is`);
  const configFile = path.join(hermesHome, "config.yaml");
  const text = readOwnedFileSync(configFile, CONFIG_MAX_BYTES);
  if (text === undefined) return { unlinked, disabled: false };
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new JevError("conflict", `${configFile} is not valid YAML; left as it is`);
  const enabled = doc.getIn(["plugins", "enabled"]);
  if (!isSeq(enabled)) return { unlinked, disabled: false };
  const at = enabled.items.findIndex((item) => String((item as { value?: unknown }).value ?? item) === PLUGIN_NAME);
  if (at < 0) return { unlinked, disabled: false };
  enabled.items.splice(at, 1);
  const backup = `${configFile}.jev-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.copyFileSync(configFile, backup);
  await atomicWriteFile(configFile, doc.toString(), ".config.yaml.jev");
  return { unlinked, disabled: true, backup };
}
