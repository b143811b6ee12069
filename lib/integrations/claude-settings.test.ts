import { describe, expect, it } from "vitest";
import { jevHookCommand, mergeJevHooks } from "./claude-settings";

describe("jev's Claude Code hooks merged into settings.json", () => {
  const script = "/opt/jev/integrations/claude-code/jev_hook.py";
  const theirs = { type: "command", command: "~/bin/lint-on-save" };

  it("adds both events, keeping every other key and hook", () => {
    const before = { model: "opus", hooks: { PostToolUse: [{ matcher: "Edit", hooks: [theirs] }], Stop: [{ hooks: [theirs] }] } };
    const { settings, changed } = mergeJevHooks(before, script);
    expect(changed).toBe(true);
    expect(settings.model).toBe("opus");
    const hooks = settings.hooks as Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
    expect(hooks.Stop).toEqual(before.hooks.Stop);
    expect(hooks.PostToolUse[0]).toEqual({ matcher: "Edit", hooks: [theirs] });
    expect(hooks.PostToolUse[1]).toMatchObject({ matcher: "^Skill$", hooks: [{ command: jevHookCommand(script) }] });
    expect(hooks.UserPromptSubmit).toEqual([{ hooks: [{ type: "command", command: jevHookCommand(script), timeout: 5 }] }]);
    expect(before.hooks.PostToolUse).toHaveLength(1); // the input is not changed
  });

  it("is idempotent, and replaces an older jev entry (the checkout moved) instead of adding a second", () => {
    const once = mergeJevHooks({}, script).settings;
    expect(mergeJevHooks(once, script)).toEqual({ settings: once, changed: false });
    const moved = mergeJevHooks(once, "/home/me/jev/integrations/claude-code/jev_hook.py");
    expect(moved.changed).toBe(true);
    const hooks = moved.settings.hooks as Record<string, { hooks: { command: string }[] }[]>;
    expect(hooks.UserPromptSubmit).toHaveLength(1);
    expect(hooks.UserPromptSubmit[0].hooks[0].command).toContain("/home/me/jev/");
  });

  it("quotes the script's path for the shell", () => {
    expect(jevHookCommand("/a b/it's/jev_hook.py")).toBe("python3 '/a b/it'\\''s/jev_hook.py'");
  });
});
