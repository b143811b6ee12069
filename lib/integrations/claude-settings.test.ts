import { describe, expect, it } from "vitest";
import { jevHookCommand, mergeJevHooks, removeHookEntries } from "./claude-settings";

describe("jev's Claude Code hooks merged into settings.json", () => {
  const script = "/opt/jev/integrations/claude-code/jev_hook.py";
  const python = "/usr/bin/python3.12";
  const theirs = { type: "command", command: "~/bin/lint-on-save" };

  it("adds both events, keeping every other key and hook", () => {
    const before = { model: "opus", hooks: { PostToolUse: [{ matcher: "Edit", hooks: [theirs] }], Stop: [{ hooks: [theirs] }] } };
    const { settings, changed } = mergeJevHooks(before, script, python);
    expect(changed).toBe(true);
    expect(settings.model).toBe("opus");
    const hooks = settings.hooks as Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
    expect(hooks.Stop).toEqual(before.hooks.Stop);
    expect(hooks.PostToolUse[0]).toEqual({ matcher: "Edit", hooks: [theirs] });
    expect(hooks.PostToolUse[1]).toMatchObject({ matcher: "^Skill$", hooks: [{ command: jevHookCommand(script, python) }] });
    expect(hooks.UserPromptSubmit).toEqual([{ hooks: [{ type: "command", command: jevHookCommand(script, python), timeout: 5 }] }]);
    expect(before.hooks.PostToolUse).toHaveLength(1); // the input is not changed
  });

  it("is idempotent, and replaces an older jev entry (the checkout moved) instead of adding a second", () => {
    const once = mergeJevHooks({}, script, python).settings;
    expect(mergeJevHooks(once, script, python)).toEqual({ settings: once, changed: false });
    const moved = mergeJevHooks(once, "/home/me/jev/integrations/claude-code/jev_hook.py", python);
    expect(moved.changed).toBe(true);
    const hooks = moved.settings.hooks as Record<string, { hooks: { command: string }[] }[]>;
    expect(hooks.UserPromptSubmit).toHaveLength(1);
    expect(hooks.UserPromptSubmit[0].hooks[0].command).toContain("/home/me/jev/");
  });

  it("names the interpreter by absolute path, isolated and without site; both paths quoted for the shell", () => {
    expect(jevHookCommand("/a b/it's/jev_hook.py", "/opt/py 3/bin/python3")).toBe("'/opt/py 3/bin/python3' -I -S '/a b/it'\\''s/jev_hook.py'");
    expect(jevHookCommand("/x/jev_hook.py", null)).toBe("python3 -I -S '/x/jev_hook.py'"); // no Python found: PATH decides, as before
  });

  it("an entry whose interpreter changed is replaced, not doubled", () => {
    const once = mergeJevHooks({}, script, "/usr/bin/python3").settings;
    const next = mergeJevHooks(once, script, python);
    expect(next.changed).toBe(true);
    expect((next.settings.hooks as Record<string, unknown[]>).UserPromptSubmit).toHaveLength(1);
  });

  it("takes jev's entries out, keeping the user's hooks and keys; a file without them is left unchanged", () => {
    const own = { hooks: [{ type: "command", command: "echo mine" }] };
    const merged = mergeJevHooks({ model: "opus", hooks: { UserPromptSubmit: [own], Stop: [own] } }, script, python).settings;
    expect(removeHookEntries(merged)).toEqual({ settings: { model: "opus", hooks: { UserPromptSubmit: [own], Stop: [own] } }, changed: true });
    expect(removeHookEntries({ model: "opus" })).toEqual({ settings: { model: "opus" }, changed: false });
  });

  it("keeps a user's hook that merely names a jev_hook.py of its own (second hardening round)", () => {
    const mine = { hooks: [{ type: "command", command: "python3 ~/tools/jev_hook.py --mine" }] };
    const echo = { hooks: [{ type: "command", command: "echo 'jev_hook.py ran'" }] };
    const merged = mergeJevHooks({ hooks: { UserPromptSubmit: [mine, echo] } }, script, python).settings;
    const groups = (merged.hooks as Record<string, unknown[]>).UserPromptSubmit;
    expect(groups.slice(0, 2)).toEqual([mine, echo]);
    expect(groups).toHaveLength(3);
    expect(removeHookEntries(merged).settings).toEqual({ hooks: { UserPromptSubmit: [mine, echo] } });
  });
});
