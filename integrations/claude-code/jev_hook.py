#!/usr/bin/env python3
"""jev for Claude Code and Codex: one hook script for two events (Python 3 standard library only).

Run as `jev_hook.py` for Claude Code, `jev_hook.py --agent codex` for Codex (both send the same
event shapes; they keep skills and settings in different places).

- UserPromptSubmit: asks jev's POST /api/pick-skill which skill fits the prompt and, when one
  does (match >= 0.5), adds one line of context naming it. Below that line, the skills the reply
  lists (jev lists them only on turns that look like they need a skill) become a shortlist: each
  name with a one-line "when to use" read from its SKILL.md, for the model to load one only if it
  fits. An empty list adds nothing.
- PostToolUse (matcher "Skill"): reports the skill Claude loaded through POST /api/feedback, so
  jev's suggestion rules learn from it. Codex has no Skill tool: it loads a skill by reading its
  SKILL.md through a tool, so for Codex a tool call whose input names an existing SKILL.md is
  reported as that skill's load.

It never blocks a prompt: whatever happens (server down, slow, an error reply, a fail_open
answer, bad input) it prints nothing and exits 0 within its timeout. Configuration, from the
environment: JEV_URL (or the file ~/.claude/jev/url; default http://127.0.0.1:3000),
JEV_API_TOKEN (or the file ~/.claude/jev/token), JEV_HOOK_TIMEOUT seconds (default 1.5).
`jev integrate claude-code` writes both files (mode 0600).

The hint stays in the conversation after its turn, so it names the prompt it was for: read
later, it is advice about that earlier prompt, not about the one at hand.
"""

import functools
import json
import os
import re
import sys

LOAD_AT = 0.5
AGENT = "codex" if sys.argv[1:3] == ["--agent", "codex"] else "claude-code"


def _config_dir():
    """Where the agent keeps its settings, and jev's files beside them (`jev integrate` writes them)."""
    if AGENT == "codex":
        return os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")
    return os.path.join(os.path.expanduser("~"), ".claude")


def _timeout():
    try:
        return max(0.05, float(os.environ.get("JEV_HOOK_TIMEOUT", "1.5")))
    except ValueError:
        return 1.5


def _setting(variable, file_name):
    """An environment variable, else the file `jev integrate claude-code` wrote; empty when neither is set."""
    value = os.environ.get(variable, "").strip()
    if value:
        return value
    return (_read_file(os.path.join(_config_dir(), "jev", file_name), 4096) or "").strip()


def _token():
    return _setting("JEV_API_TOKEN", "token")


# A reply from jev is a few KiB; past this it is not jev's, and is not read further.
REPLY_MAX_BYTES = 1 << 20
# Files the hook reads (settings, a SKILL.md's head) are small; past this they are not read at all.
FILE_MAX_BYTES = 1 << 20


def _read_file(path, limit=FILE_MAX_BYTES, head=False):
    """A small regular file's text (with `head`, the first `limit` bytes of any regular file), or None. Opened
    non-blocking, so a FIFO planted there cannot hang the hook, and checked on the descriptor to be a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, TypeError, ValueError):
        return None
    try:
        import stat

        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (info.st_size > limit and not head):
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
        if size > limit and not head:
            return None
        return data[:limit].decode("utf-8", errors="replace")
    except OSError:
        return None
    finally:
        os.close(fd)


def _exchange(connection, method, target, body, headers):
    """One request and its whole reply, at most REPLY_MAX_BYTES: (status, bytes)."""
    connection.request(method, target, body=body, headers=headers)
    response = connection.getresponse()
    chunks, size = [], 0
    while True:
        chunk = response.read1(65536)
        if not chunk:
            return response.status, b"".join(chunks)
        size += len(chunk)
        if size > REPLY_MAX_BYTES:
            raise OSError("jev's reply is larger than a reply can be")
        chunks.append(chunk)


def _post(path, body):
    """POST JSON to jev and return the decoded reply; raises on any failure (the caller stays silent).

    http.client, not urllib.request: urllib's import (email, mimetypes, proxies) costs more than jev's answer,
    on every prompt. No proxy: jev is a local server, and a proxy from the environment would only add a hop.
    The whole exchange has one deadline (a server that answers a byte at a time cannot stretch it): it runs on a
    worker thread, and when the time is up the socket is shut, which wakes the worker, and the hook goes quiet.
    """
    import http.client
    import socket
    import threading
    from urllib.parse import urlsplit

    url = urlsplit((_setting("JEV_URL", "url") or "http://127.0.0.1:3000").rstrip("/") + path)
    if url.scheme not in ("http", "https") or not url.hostname:
        raise ValueError("JEV_URL is not an http(s) URL")
    connection_class = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
    connection = connection_class(url.hostname, url.port, timeout=_timeout())
    headers = {"content-type": "application/json"}
    token = _token()
    if token:
        headers["authorization"] = "Bearer " + token
    target = url.path + (("?" + url.query) if url.query else "")
    outcome = {}

    def work():
        try:
            outcome["reply"] = _exchange(connection, "POST", target, json.dumps(body).encode("utf-8"), headers)
        except Exception as err:  # noqa: BLE001 - handed to the caller below
            outcome["error"] = err

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(_timeout())
    try:
        if worker.is_alive():
            if connection.sock is not None:
                connection.sock.shutdown(socket.SHUT_RDWR)
            raise TimeoutError("jev did not answer in time")
        if "error" in outcome:
            raise outcome["error"]
        status, data = outcome["reply"]
        if status != 200:
            raise OSError("jev answered %d" % status)
        return json.loads(data.decode("utf-8"))
    finally:
        connection.close()


def _project(event):
    project = os.environ.get("CLAUDE_PROJECT_DIR") or event.get("cwd")
    return project if isinstance(project, str) and project else None


def _read_json(path):
    text = _read_file(path)
    try:
        value = json.loads(text) if text else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


@functools.lru_cache(maxsize=None)  # one process per event: read once, whoever asks
def _claude_settings(project):
    """Claude Code's settings as it merges them: the user's, then the project's, then the project's local ones."""
    files = [os.path.join(_config_dir(), "settings.json")]
    if project:
        files += [os.path.join(project, ".claude", "settings.json"), os.path.join(project, ".claude", "settings.local.json")]
    merged = {"enabledPlugins": {}, "skillOverrides": {}}
    for path in files:
        settings = _read_json(path)
        for key in merged:
            if isinstance(settings.get(key), dict):
                merged[key].update(settings[key])
    return merged


@functools.lru_cache(maxsize=None)
def _plugin_skill_roots(project):
    """(plugin name, skills folder) of each enabled plugin Claude Code installed for this user or this project."""
    installed = _read_json(os.path.join(_config_dir(), "plugins", "installed_plugins.json")).get("plugins")
    enabled = _claude_settings(project)["enabledPlugins"]
    out = []
    for plugin_id, installs in (installed or {}).items() if isinstance(installed, dict) else []:
        if enabled.get(plugin_id) is not True or not isinstance(installs, list):
            continue
        for install in installs:
            if not isinstance(install, dict) or not isinstance(install.get("installPath"), str):
                continue
            if install.get("scope") in ("user", "managed") or (project and install.get("projectPath") == project):
                skills = os.path.join(install["installPath"], "skills")
                if os.path.isdir(skills):
                    out.append((plugin_id.split("@")[0], skills))
                break
    return tuple(out)


def _hidden_skills(project):
    """Skills the model cannot load (skillOverrides `off` or `user-invocable-only`): never hinted."""
    overrides = _claude_settings(project)["skillOverrides"]
    return sorted(name for name, mode in overrides.items() if mode in ("off", "user-invocable-only"))


def _skill_roots(event):
    """Where the agent keeps skills: the user's, and the project's when it has some."""
    home = os.path.expanduser("~")
    project = _project(event)
    if AGENT == "codex":
        roots = [os.path.join(home, ".agents", "skills"), os.path.join(_config_dir(), "skills")]
        # A repository's .agents/skills, from the working folder up to the repository's root.
        folder = project
        while folder:
            roots.append(os.path.join(folder, ".agents", "skills"))
            if os.path.exists(os.path.join(folder, ".git")) or os.path.dirname(folder) == folder:
                break
            folder = os.path.dirname(folder)
    else:
        roots = [os.path.join(home, ".claude", "skills")]
        # A monorepo both ways, as Claude Code lists skills: the .claude/skills of where Claude works and of every
        # folder above it up to the repository's root (launched in a package, the root's are listed too), then those
        # of the packages below the project (launched at the root, it finds them as it works in them).
        cwd = event.get("cwd") if isinstance(event.get("cwd"), str) else None
        folder = cwd if cwd and project and (cwd == project or cwd.startswith(os.path.join(project, ""))) else project
        while folder:
            roots.append(os.path.join(folder, ".claude", "skills"))
            at_top = os.path.exists(os.path.join(folder, ".git")) or folder == home or os.path.dirname(folder) == folder
            if at_top or (folder == project and not _in_repository(project)):
                break
            folder = os.path.dirname(folder)
        roots += _nested_skill_roots(project) if project else []
        roots += [skills for _, skills in _plugin_skill_roots(project)]
    seen, out = set(), []
    for r in roots:
        if os.path.isdir(r) and os.path.realpath(r) not in seen:
            seen.add(os.path.realpath(r))
            out.append(r)
    return out


def _in_repository(folder):
    """Whether a folder or one above it (below the home) is a repository's root."""
    home = os.path.expanduser("~")
    while folder and folder != home:
        if os.path.exists(os.path.join(folder, ".git")):
            return True
        parent = os.path.dirname(folder)
        if parent == folder:
            return False
        folder = parent
    return False


# Below the project, folders a package's skills never live in; the walk stays this shallow and this small.
SKIPPED_FOLDERS = {"node_modules", "vendor", "dist", "build", "target", "venv", "__pycache__"}
NESTED_DEPTH = 4
NESTED_FOLDERS_MAX = 3000


def _nested_skill_roots(project):
    """The .claude/skills of the packages below the project (a monorepo's), shallow and bounded: a hook runs on every prompt."""
    out, seen = [], 0
    for folder, dirs, _ in os.walk(project):
        depth = folder[len(project) :].count(os.sep)
        if folder != project and ".claude" in dirs:
            out.append(os.path.join(folder, ".claude", "skills"))
        seen += len(dirs)
        if depth >= NESTED_DEPTH or seen > NESTED_FOLDERS_MAX:
            dirs[:] = []
        else:
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_FOLDERS)
    return out


def _qualified(reply, project):
    """A plugin's skill is loaded by `plugin:skill`: name it so in the reply the hint is made from."""
    if AGENT != "claude-code" or not isinstance(reply, dict) or not isinstance(reply.get("skills"), list):
        return reply
    plugins = [(name, os.path.join(skills, "")) for name, skills in _plugin_skill_roots(project)]
    for skill in reply["skills"]:
        path = skill.get("path") if isinstance(skill, dict) else None
        for plugin, folder in plugins:
            if isinstance(path, str) and path.startswith(folder) and ":" not in skill.get("name", ":"):
                skill["name"] = "%s:%s" % (plugin, skill["name"])
    return reply


PROMPT_SHOWN = 60


def _prompt_excerpt(prompt):
    """The start of the prompt, on one line, as the hint quotes it."""
    text = " ".join(prompt.split()).replace('"', "'")
    return text if len(text) <= PROMPT_SHOWN else text[: PROMPT_SHOWN - 1].rstrip() + "\u2026"


SHORTLIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "hermes", "jev", "shortlist.py")


@functools.lru_cache(maxsize=1)
def _shortlist():
    """How a shortlist says when to use a skill: the Hermes plugin's module (one definition for both), or None when absent."""
    try:
        import importlib.util

        sys.dont_write_bytecode = True  # nothing written beside the plugin's sources
        spec = importlib.util.spec_from_file_location("jev_shortlist", SHORTLIST)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    except Exception:  # noqa: BLE001 - the script copied alone: skills are offered by name
        return None


def _offer(skill):
    """One shortlist entry: the name to load, and when to use it (for Codex, the file to read)."""
    shortlist = _shortlist()
    when = shortlist.when_to_use(shortlist.description_of(skill.get("path"))) if shortlist else ""
    where = " at %s" % skill["path"] if AGENT == "codex" and isinstance(skill.get("path"), str) else ""
    return '"%s"%s%s' % (skill["name"], where, " (%s)" % when if when else "")


def hint_for(reply, prompt=""):
    """The one line of context for a pick-skill reply, naming the prompt it is for; or None."""
    if not isinstance(reply, dict) or reply.get("status") != "ok":
        return None
    listed = [
        s
        for s in reply.get("skills") or []
        if isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("match"), (int, float))
    ]
    for skill in listed:
        if skill["match"] >= LOAD_AT:
            if AGENT == "codex":  # no Skill tool: a skill is loaded by reading its file
                action = 'read the skill "%s" (%s)' % (skill["name"], skill.get("path", "its SKILL.md"))
            else:
                action = 'load the skill "%s" with the Skill tool' % skill["name"]
            return (
                'jev, for the prompt "%s": %s before answering that prompt '
                "(skip it if it does not fit). This advice is about that prompt only." % (_prompt_excerpt(prompt), action)
            )
    if not listed:
        return None
    how = "read its SKILL.md" if AGENT == "codex" else "load it with the Skill tool"
    return (
        'jev, for the prompt "%s": no skill is a sure fit. If one of these fits, %s before answering that prompt; '
        "otherwise carry on: %s. This advice is about that prompt only." % (_prompt_excerpt(prompt), how, "; ".join(_offer(s) for s in listed))
    )


def on_prompt(event):
    prompt = event.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        return None
    body = {"turn": prompt, "agent": AGENT, "feedback": True}
    if isinstance(event.get("session_id"), str) and event["session_id"]:
        body["session_id"] = event["session_id"]
    roots = _skill_roots(event)
    if roots:
        body["roots"] = roots
    if AGENT == "claude-code":
        hidden = _hidden_skills(_project(event))
        if hidden:
            body["hidden"] = hidden
    hint = hint_for(_qualified(_post("/api/pick-skill", body), _project(event)), prompt)
    if hint is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": hint}}


SKILL_FILE = re.compile(r"""[^\s'"`;|&<>()]*SKILL\.md""")
NAME_LINE = re.compile(r"^name:\s*['\"]?([^'\"\n]+?)['\"]?\s*$", re.MULTILINE)


def _strings(value, depth=0):
    """Every string in a tool's input (bounded: a tool input is small, but it is not ours)."""
    if isinstance(value, str):
        yield value
    elif depth < 4 and isinstance(value, dict):
        for v in list(value.values())[:50]:
            yield from _strings(v, depth + 1)
    elif depth < 4 and isinstance(value, list):
        for v in value[:50]:
            yield from _strings(v, depth + 1)


def _skill_name(path):
    """The name a SKILL.md gives itself (front matter `name:`), else its folder's."""
    head = _read_file(path, 4096, head=True)
    if head is None:
        return None
    found = NAME_LINE.search(head.split("\n---", 1)[0]) if head.startswith("---") else None
    return found.group(1).strip() if found else os.path.basename(os.path.dirname(os.path.abspath(path)))


# Commands that print a file: running one on a SKILL.md is reading the skill. `ls`, `echo`, `grep -l`, `find` or an
# edit name the file without reading it, so they are no load.
READERS = {"cat", "head", "tail", "less", "more", "bat", "nl"}
SHELLS = {"bash", "sh", "zsh", "dash"}
SEGMENTS = re.compile(r"&&|\|\||[;|\n]")


def _read_paths(text, depth=0):
    """The SKILL.md paths a tool input reads: a path given alone (a file-reading tool), or a reader's argument in a command."""
    stripped = text.strip()
    if SKILL_FILE.fullmatch(stripped):
        yield stripped
        return
    for segment in SEGMENTS.split(text):
        words = segment.split()
        while words and "=" in words[0] and not words[0].startswith(("-", "=")):
            words.pop(0)  # VAR=value before the command
        if words and words[0] in ("sudo", "command", "exec", "env"):
            words.pop(0)
        if not words:
            continue
        verb = os.path.basename(words[0])
        if verb in SHELLS and depth < 2:
            # `bash -lc 'cat ~/.agents/skills/x/SKILL.md'`: read what the shell is given to run.
            flag = next((i for i, w in enumerate(words) if w.startswith("-") and "c" in w), None)
            if flag is not None:
                yield from _read_paths(" ".join(words[flag + 1 :]).strip("'\""), depth + 1)
            continue
        if verb in READERS or (verb == "sed" and "-n" in words):
            yield from SKILL_FILE.findall(segment)


def _read_skills(event):
    """Skills whose SKILL.md a tool call reads (Codex loads a skill by reading it), `~` and `$HOME` resolved."""
    cwd = _project(event) or os.getcwd()
    names = []
    for text in _strings(event.get("tool_input")):
        for match in _read_paths(text[:20000]):
            path = os.path.join(cwd, os.path.expanduser(os.path.expandvars(match)))
            name = _skill_name(path) if os.path.isfile(path) else None
            if name and name not in names:
                names.append(name)
    return names


def on_tool_use(event):
    session = event.get("session_id")
    if not isinstance(session, str) or not session:
        return None
    if AGENT == "codex":
        skills = _read_skills(event)
    elif event.get("tool_name") == "Skill":
        tool_input = event.get("tool_input") or {}
        skill = tool_input.get("skill") if isinstance(tool_input, dict) else None
        # A plugin's skill arrives as "plugin:skill"; jev knows it by its own name.
        skills = [skill.split(":")[-1]] if isinstance(skill, str) and skill else []
    else:
        skills = []
    for skill in skills:
        _post("/api/feedback", {"session_id": session, "skill": skill, "event": "loaded"})
    return None


HANDLERS = {"UserPromptSubmit": on_prompt, "PostToolUse": on_tool_use}


def main():
    try:
        event = json.load(sys.stdin)
        handler = HANDLERS.get(event.get("hook_event_name")) if isinstance(event, dict) else None
        output = handler(event) if handler else None
        if output is not None:
            sys.stdout.write(json.dumps(output))
    except Exception:  # noqa: BLE001 - a hook must never break the prompt: say nothing
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
