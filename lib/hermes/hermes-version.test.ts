import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { parseHermesVersion, releaseFor } from "./curator-defaults";
import { detectHermesVersion, hermesVersionOf } from "./hermes-version";

let tmp: ReturnType<typeof tempDir>;
let home: string;
let bin: string;
beforeEach(() => {
  tmp = tempDir("jev-hermes-version-");
  home = path.join(tmp.dir, "hermes");
  bin = path.join(tmp.dir, "bin");
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(bin, { recursive: true });
});
afterEach(() => tmp.cleanup());

const env = () => ({ PATH: bin });
const fakeHermes = (printed: string) => fs.writeFileSync(path.join(bin, "hermes"), `#!/bin/sh\necho '${printed}'\n`, { mode: 0o755 });

describe("which Hermes runs a home", () => {
  it("reads the installed checkout's hermes_cli/__init__.py, else its pyproject.toml, before asking hermes on PATH", async () => {
    fakeHermes("Hermes Agent v0.21.3 (2026.9.14)");
    const checkout = path.join(home, "hermes-agent");
    fs.mkdirSync(checkout, { recursive: true });
    fs.writeFileSync(path.join(checkout, "pyproject.toml"), '[project]\nname = "hermes-agent"\nversion = "0.18.2"\n');
    expect(await detectHermesVersion(home, env())).toEqual({ version: "0.18.2", found: path.join(checkout, "pyproject.toml") });
    fs.mkdirSync(path.join(checkout, "hermes_cli"));
    fs.writeFileSync(path.join(checkout, "hermes_cli", "__init__.py"), '__version__ = "0.20.6"\n');
    expect((await detectHermesVersion(home, env()))?.version).toBe("0.20.6");
    fs.rmSync(checkout, { recursive: true });
    expect(await detectHermesVersion(home, env())).toEqual({ version: "0.21.3", found: `${path.join(bin, "hermes")} --version` });
    fs.rmSync(path.join(bin, "hermes"));
    expect(await detectHermesVersion(home, env())).toBeNull();
  });

  it("a look older than a minute is answered from memory while a new one runs behind it", async () => {
    fakeHermes("Hermes Agent v0.18.2 (2026.7.30)");
    const t = Date.now();
    expect((await hermesVersionOf(home, env(), t))?.version).toBe("0.18.2");
    fakeHermes("Hermes Agent v0.21.3 (2026.9.14)");
    expect((await hermesVersionOf(home, env(), t + 30_000))?.version).toBe("0.18.2");
    expect((await hermesVersionOf(home, env(), t + 61_000))?.version).toBe("0.18.2"); // stale answer, refresh started
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await hermesVersionOf(home, env(), t + 62_000))?.version).toBe("0.21.3");
  });

  it("maps package versions to release rows; dates and words are no version", () => {
    expect(releaseFor("0.18.2")?.defaults).toMatchObject({ staleAfterDays: 30, archiveAfterDays: 90, protectedNames: ["plan"] });
    expect(releaseFor("0.21.0")?.defaults).toMatchObject({ staleAfterDays: 30, archiveAfterDays: 90, protectedNames: [] });
    expect(releaseFor("0.21.2")?.defaults.staleAfterDays).toBe(30);
    expect(releaseFor("v0.21.3")?.defaults).toMatchObject({ staleAfterDays: 14, archiveAfterDays: 30 });
    expect(releaseFor("1.0.0.dev1")?.defaults.staleAfterDays).toBe(14);
    expect(parseHermesVersion("2026.9.14")).toBeNull();
    expect(releaseFor("nightly")).toBeNull();
  });
});
