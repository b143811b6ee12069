import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { removeDotenvKeys, writeDotenv } from "./dotenv-file";
import { installHermesPlugin, uninstallHermesPlugin } from "./hermes-install";

let tmp: ReturnType<typeof tempDir>;
let home: string;
let source: string;
beforeEach(() => {
  tmp = tempDir("jev-hermes-install-");
  home = path.join(tmp.dir, "hermes");
  source = path.join(tmp.dir, "checkout", "integrations", "hermes", "jev");
  fs.mkdirSync(source, { recursive: true });
});
afterEach(() => tmp.cleanup());

describe("jev integrate hermes", () => {
  it("links the plugin and enables it, keeping the rest of config.yaml (comments too); a second run changes nothing", async () => {
    fs.mkdirSync(home, { recursive: true });
    const config = "# my Hermes\nmodel: anthropic/claude-sonnet-4.6  # the default\nplugins:\n  enabled:\n    - disk-cleanup\nskills:\n  disabled: [docx]\n";
    fs.writeFileSync(path.join(home, "config.yaml"), config);
    const first = await installHermesPlugin(home, source);
    expect(first).toMatchObject({ linked: "created", enabled: "added", disabledWins: false });
    expect(fs.readlinkSync(path.join(home, "plugins", "jev"))).toBe(source);
    const written = fs.readFileSync(path.join(home, "config.yaml"), "utf8");
    expect(written).toContain("# my Hermes");
    expect(written).toContain("# the default");
    expect(written).toMatch(/enabled:\n {4}- disk-cleanup\n {4}- jev\n/);
    expect(written).toContain("disabled: [ docx ]");
    expect(fs.readFileSync(first.backup as string, "utf8")).toBe(config);
    const again = await installHermesPlugin(home, source);
    expect(again).toEqual({ linked: "kept", enabled: "kept", disabledWins: false });
    expect(fs.readFileSync(path.join(home, "config.yaml"), "utf8")).toBe(written);
  });

  it("creates config.yaml when there is none, says when plugins.disabled wins, and refuses what is not its own", async () => {
    expect(await installHermesPlugin(home, source)).toMatchObject({ linked: "created", enabled: "added" });
    expect(fs.readFileSync(path.join(home, "config.yaml"), "utf8")).toBe("plugins:\n  enabled:\n    - jev\n");
    fs.writeFileSync(path.join(home, "config.yaml"), "plugins:\n  enabled: [jev]\n  disabled: [jev]\n");
    expect((await installHermesPlugin(home, source)).disabledWins).toBe(true);
    fs.writeFileSync(path.join(home, "config.yaml"), "plugins: [jev]\n");
    await expect(installHermesPlugin(home, source)).rejects.toThrow(/plugins is not a mapping/);
    fs.unlinkSync(path.join(home, "plugins", "jev"));
    fs.mkdirSync(path.join(home, "plugins", "jev"));
    await expect(installHermesPlugin(home, source)).rejects.toThrow(/not jev's link/);
  });

  it("--remove undoes it: the link and the plugins.enabled entry go, the rest of config.yaml and .env stays", async () => {
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(path.join(home, "config.yaml"), "# mine\nplugins:\n  enabled:\n    - disk-cleanup\n");
    await installHermesPlugin(home, source);
    const env = path.join(home, ".env");
    fs.writeFileSync(env, "OPENROUTER_API_KEY=sk-mine\n");
    await writeDotenv(
      env,
      new Map([
        ["JEV_URL", "http://127.0.0.1:3000"],
        ["JEV_API_TOKEN", "jev_x"],
      ]),
    );
    const removed = await uninstallHermesPlugin(home);
    expect(removed).toMatchObject({ unlinked: true, disabled: true });
    expect(fs.existsSync(path.join(home, "plugins", "jev"))).toBe(false);
    expect(fs.readFileSync(path.join(home, "config.yaml"), "utf8")).toBe("# mine\nplugins:\n  enabled:\n    - disk-cleanup\n");
    expect(await removeDotenvKeys(env, new Set(["JEV_URL", "JEV_API_TOKEN"]))).toEqual(["JEV_URL", "JEV_API_TOKEN"]);
    expect(fs.readFileSync(env, "utf8")).toBe("OPENROUTER_API_KEY=sk-mine\n");
    expect(await uninstallHermesPlugin(home)).toEqual({ unlinked: false, disabled: false });
    fs.mkdirSync(path.join(home, "plugins", "jev"));
    await expect(uninstallHermesPlugin(home)).rejects.toThrow(/not jev's link/);
  });
});
