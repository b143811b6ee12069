"""jev for Hermes: asks jev which skill fits each turn and reports the skills the agent loads.

- pre_llm_call: one line of context naming the skill to load when jev is confident (match >= 0.5),
  nothing otherwise. Never raises, never waits longer than JEV_TIMEOUT_MS (1500).
- post_tool_call: a successful skill_view is reported to jev (off the agent's critical path); while
  jev cannot be reached, it is kept in $HERMES_HOME/jev/skill-feedback.json for `jev import hermes`.
- /jev status | skills on|off | feedback on|off | routing on|off | merge_requests on|off | subagents on|off

Python standard library only. Configuration: JEV_URL (default http://127.0.0.1:3000) and
JEV_API_TOKEN, from the environment or $HERMES_HOME/.env.
"""

import threading

from . import client, signals, state

LOAD_AT = 0.5
_lock = threading.Lock()
_loaded = {}  # session id -> names loaded in it (this process's memory; the server keeps the truth)
_MAX_SESSIONS = 1000


def _remember(session_id, name):
    with _lock:
        names = _loaded.setdefault(session_id or "", set())
        names.add(name)
        if len(_loaded) > _MAX_SESSIONS:
            _loaded.pop(next(iter(_loaded)))


def _loaded_in(session_id):
    with _lock:
        return set(_loaded.get(session_id or "", ()))


def _background_review():
    """Whether this turn is Hermes's background review of the conversation (not the user's turn)."""
    try:
        from tools.skill_provenance import get_current_write_origin

        return get_current_write_origin() == "background_review"
    except Exception:  # noqa: BLE001 - not inside Hermes, or a version without it
        return False


def _loadable():
    """The names Hermes's own loader can open in this session (honours per-platform disables), when it can say."""
    try:
        from tools.skills_tool import _find_all_skills

        names = [s.get("name") for s in _find_all_skills(skip_disabled=True)]
        return sorted({n for n in names if isinstance(n, str) and n}) or None
    except Exception:  # noqa: BLE001 - a private API: absent or changed means "not known"
        return None


def _report_load(session_id, name):
    """Report a load to jev; kept on disk when jev cannot be reached. Never raises."""
    try:
        client.request("POST", "/api/feedback", {"session_id": session_id, "skill": name, "event": "loaded"})
    except Exception:  # noqa: BLE001
        try:
            state.remember_feedback(name, session_id)
        except Exception:  # noqa: BLE001
            pass


def _report_in_background(session_id, name):
    threading.Thread(target=_report_load, args=(session_id, name), daemon=True, name="jev-feedback").start()


def hint(session_id=None, user_message=None, conversation_history=None, platform="", **_kwargs):
    toggles = state.read_state()
    if toggles["skills"] == "off" or platform == "curator" or (platform == "subagent" and toggles["subagents"] != "on") or _background_review():
        return None
    invoked = signals.invoked_skill(user_message)
    if invoked:
        _remember(session_id, invoked)
        _report_in_background(session_id, invoked)
    turn = signals.user_turn(user_message)
    if not isinstance(turn, str) or not turn.strip():
        return None
    loaded = _loaded_in(session_id) | signals.loads_from_history(conversation_history)
    body = {"turn": turn, "agent": "hermes", "feedback": True, "loaded": sorted(loaded)}
    if session_id:
        body["session_id"] = session_id
    loadable = _loadable()
    if loadable:
        body["loadable"] = loadable
    reply = client.request("POST", "/api/pick-skill", body)
    if not isinstance(reply, dict) or reply.get("status") != "ok":
        return None
    for skill in reply.get("skills") or []:
        name = skill.get("name") if isinstance(skill, dict) else None
        if isinstance(name, str) and name not in loaded and isinstance(skill.get("match"), (int, float)) and skill["match"] >= LOAD_AT:
            return {"context": '[jev plugin] The skill "%s" fits this request: load it with skill_view(name="%s") before answering; ignore this hint if it does not fit.' % (name, name)}
    return None


def pre_llm_call(**kwargs):
    try:
        return hint(**kwargs)
    except Exception:  # noqa: BLE001 - jev down, slow, or anything else: the turn goes on without a hint
        return None


def post_tool_call(tool_name=None, args=None, result=None, session_id=None, **_kwargs):
    try:
        name = signals.loaded_by_tool(tool_name, args, result)
        if name:
            _remember(session_id, name)
            _report_in_background(session_id, name)
    except Exception:  # noqa: BLE001
        pass


TOGGLES = {"skills": "skills", "feedback": "skill_feedback", "routing": "routing", "merge_requests": "merge_requests", "subagents": "subagents"}
USAGE = "usage: /jev status | /jev skills|feedback|routing|merge_requests|subagents on|off"


def command(raw_args=""):
    words = (raw_args or "").split()
    if not words or words[0] == "help":
        return USAGE
    if words[0] == "status":
        toggles = state.read_state()
        try:
            health = client.request("GET", "/api/health")
            reach = "answers (%s skills)" % health.get("skills", "?")
        except Exception:  # noqa: BLE001
            reach = "does not answer"
        shown = ", ".join("%s %s" % (word, toggles[key]) for word, key in TOGGLES.items())
        return "jev: server %s %s; %s" % (client.server_url(), reach, shown)
    if len(words) == 2 and words[0] in TOGGLES and words[1] in ("on", "off"):
        try:
            state.set_toggle(TOGGLES[words[0]], words[1])
        except Exception as err:  # noqa: BLE001
            return "jev: could not change %s: %s" % (words[0], err)
        return "jev: %s %s" % (words[0], words[1])
    return USAGE


def register(ctx):
    ctx.register_hook("pre_llm_call", pre_llm_call)
    ctx.register_hook("post_tool_call", post_tool_call)
    ctx.register_command("jev", command, description="jev skill selection: /jev status, /jev skills on|off", args_hint="skills on|off")
