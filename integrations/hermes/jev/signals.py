"""What a turn says about skills: the user's own words, and the skills already loaded. Pure functions."""

import json
import re

# Hermes's slash-skill scaffolding (agent/skill_commands.py keeps these byte-stable).
INVOKED = '[IMPORTANT: The user has invoked the "'
SINGLE = "The full skill content is loaded below.]"
SINGLE_INSTRUCTION = "The user has provided the following instruction alongside the skill invocation: "
RUNTIME_NOTE = "\n\n[Runtime note:"
BUNDLE = " skill bundle,"
BUNDLE_INSTRUCTION = "\nUser instruction: "
BUNDLE_SKILL = '\n\n[Loaded as part of the '
PRELOADED = re.compile(r'\[IMPORTANT: The user launched this CLI session with the "([^"]+)" skill preloaded\.')
COMPRESSED_VIEW = re.compile(r"\[skill_view\] name=([\w.:-]+)")


def _between(text, start_marker, end_marker, find):
    at = find(start_marker)
    if at < 0:
        return None
    rest = text[at + len(start_marker):]
    end = rest.find(end_marker)
    if end >= 0:
        rest = rest[:end]
    rest = rest.strip()
    return rest or None


def user_turn(message):
    """The words the user wrote this turn: the message itself, the instruction inside a slash-skill
    expansion, or None (a bare /skill, or a message that is not text)."""
    try:  # Hermes's own reader, when the plugin runs inside Hermes
        from agent.skill_commands import extract_user_instruction_from_skill_message

        return extract_user_instruction_from_skill_message(message)
    except Exception:  # noqa: BLE001 - not inside Hermes, or another version: read the markers here
        pass
    if not isinstance(message, str):
        return None
    if not message.startswith(INVOKED):
        return message
    if BUNDLE in message:
        return _between(message, BUNDLE_INSTRUCTION, BUNDLE_SKILL, message.find)
    if SINGLE in message:
        return _between(message, SINGLE_INSTRUCTION, RUNTIME_NOTE, message.rfind)
    return None


def invoked_skill(message):
    """The skill a slash command loaded this turn (`/pdf ...`), or None. Bundles name the bundle, not a skill."""
    if not isinstance(message, str) or not message.startswith(INVOKED) or BUNDLE in message:
        return None
    name = message[len(INVOKED):].split('"', 1)[0]
    return name or None


def _json(value):
    if isinstance(value, (dict, list)):
        return value
    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return None


def loads_from_history(history):
    """Skills loaded earlier in the conversation: successful skill_view calls, slash invocations,
    a preloaded skill, and the summaries context compression leaves of skill_view calls."""
    loaded = set()
    views = {}  # tool_call_id -> name
    for message in history or []:
        if not isinstance(message, dict):
            continue
        role = message.get("role")
        content = message.get("content")
        if role == "assistant":
            for call in message.get("tool_calls") or []:
                function = (call or {}).get("function") or {}
                args = _json(function.get("arguments")) or {}
                if function.get("name") == "skill_view" and isinstance(args, dict) and isinstance(args.get("name"), str) and not args.get("file_path"):
                    views[call.get("id")] = args["name"]
        elif role == "tool" and message.get("tool_call_id") in views:
            result = _json(content)
            if isinstance(result, dict) and result.get("success"):
                name = result.get("name") or views[message["tool_call_id"]]
                if isinstance(name, str):
                    loaded.add(name)
        if isinstance(content, str):
            if role == "user" and invoked_skill(content):
                loaded.add(invoked_skill(content))
            loaded.update(PRELOADED.findall(content))
            loaded.update(COMPRESSED_VIEW.findall(content))
    return loaded


def loaded_by_tool(tool_name, args, result):
    """The skill a finished tool call loaded: a successful skill_view of a skill (not of one of its files)."""
    if tool_name != "skill_view":
        return None
    args = _json(args) or {}
    if not isinstance(args, dict) or args.get("file_path"):
        return None
    parsed = _json(result)
    if not isinstance(parsed, dict) or not parsed.get("success"):
        return None
    name = parsed.get("name") or args.get("name")
    return name if isinstance(name, str) and name else None
