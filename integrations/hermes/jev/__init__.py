"""jev for Hermes: asks jev which skill fits each turn and reports the skills the agent loads.

- pre_llm_call: one line of context naming the skill to load when jev is confident (match >= 0.5);
  below that, the skills jev's reply lists as a shortlist (each name with a one-line "when to use")
  for the model to load one only if it fits; nothing when the list is empty. Never raises, never
  waits longer than JEV_TIMEOUT_MS (1500).
- post_tool_call: a successful skill_view is reported to jev (off the agent's critical path); while
  jev cannot be reached, it is kept in $HERMES_HOME/jev/skill-feedback.json for `jev import hermes`.
- on_session_end (the end of every run_conversation) and interpreter exit: reports still in flight
  are waited for (bounded), and any that did not land are kept on disk, so a one-shot
  `hermes chat -q` that ends on a skill_view still counts the load.
- /jev status | skills on|off | feedback on|off | routing on|off | merge_requests on|off | subagents on|off

Python standard library only. Configuration: JEV_URL (default http://127.0.0.1:3000) and
JEV_API_TOKEN, from the environment or $HERMES_HOME/.env.
"""

import atexit
import os
import threading
import time

from . import client, shortlist, signals, state

LOAD_AT = 0.5
_lock = threading.Lock()
_loaded = {}  # session id -> names loaded in it (this process's memory; the server keeps the truth)
_MAX_SESSIONS = 1000
_in_flight = {}  # report thread -> (session id, name), until the report landed or was kept on disk


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


def _platform():
    """The platform Hermes's own loader resolves (HERMES_PLATFORM, else the gateway session's), or "" in the CLI.

    skill_view and the skills index decide `platform_disabled` from this, not from the hook's
    `platform` argument, so jev is told the same one.
    """
    found = os.environ.get("HERMES_PLATFORM") or os.environ.get("HERMES_SESSION_PLATFORM")
    if found:
        return found
    try:
        from gateway.session_context import get_session_env

        return get_session_env("HERMES_SESSION_PLATFORM") or ""
    except Exception:  # noqa: BLE001 - not inside Hermes, or no gateway session
        return ""


def _loadable():
    """The names Hermes's own loader can open in this session, disabled ones left out, when it can say."""
    try:
        from tools.skills_tool import _find_all_skills

        # The default (skip_disabled=False) filters `skills.disabled` and the platform's list;
        # skip_disabled=True would mean "every skill, disabled ones too".
        names = [s.get("name") for s in _find_all_skills()]
        return sorted({n for n in names if isinstance(n, str) and n}) or None
    except Exception:  # noqa: BLE001 - a private API: absent or changed means "not known"
        return None


def _report_load(session_id, name):
    """Report a load to jev; kept on disk when jev cannot be reached. Never raises."""
    try:
        client.request("POST", "/api/feedback", {"session_id": session_id, "skill": name, "event": "loaded"})
    except Exception:  # noqa: BLE001
        _keep_on_disk(session_id, name)
    finally:
        with _lock:
            _in_flight.pop(threading.current_thread(), None)


def _keep_on_disk(session_id, name):
    try:
        state.remember_feedback(name, session_id)
    except Exception:  # noqa: BLE001
        pass


def _report_in_background(session_id, name):
    thread = threading.Thread(target=_report_load, args=(session_id, name), daemon=True, name="jev-feedback")
    with _lock:
        _in_flight[thread] = (session_id, name)
    thread.start()


def flush_reports(timeout=None, session_id=None):
    """Wait for reports in flight (at most the client timeout plus a little); keep on disk any still unsent.

    With a session id, only that session's reports (a gateway runs many sessions at once); without,
    all of them (interpreter exit). A report kept here may still land later: the server then hears
    of the load twice, which changes nothing (a load is a fact about the session, not a count).
    """
    deadline = time.monotonic() + (client.timeout_s() + 0.5 if timeout is None else timeout)
    with _lock:
        threads = [t for t, (sid, _name) in _in_flight.items() if session_id is None or sid == session_id]
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    with _lock:
        unsent = [_in_flight.pop(t) for t in threads if t in _in_flight and t.is_alive()]
    for sid, name in unsent:
        _keep_on_disk(sid, name)


def on_session_end(session_id=None, **_kwargs):
    try:
        flush_reports(session_id=session_id)
    except Exception:  # noqa: BLE001
        pass


def _flush_all_at_exit():
    try:
        flush_reports()
    except Exception:  # noqa: BLE001
        pass


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
    platform_in_force = _platform()
    if platform_in_force:
        body["platform"] = platform_in_force
    loadable = _loadable()
    if loadable:
        body["loadable"] = loadable
    reply = client.request("POST", "/api/pick-skill", body)
    if not isinstance(reply, dict) or reply.get("status") != "ok":
        return None
    listed = [
        s
        for s in reply.get("skills") or []
        if isinstance(s, dict) and isinstance(s.get("name"), str) and s["name"] not in loaded and isinstance(s.get("match"), (int, float))
    ]
    for skill in listed:
        if skill["match"] >= LOAD_AT:
            name = skill["name"]
            return {"context": '[jev plugin] The skill "%s" fits this request: load it with skill_view(name="%s") before answering; ignore this hint if it does not fit.' % (name, name)}
    if not listed:
        return None
    offers = "; ".join(shortlist.offer(s) for s in listed)
    return {"context": "[jev plugin] No skill is a sure fit for this request. If one of these fits, load it with skill_view(name=...) before answering; otherwise carry on: %s." % offers}


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
    ctx.register_hook("on_session_end", on_session_end)
    # Exits that skip the session-end hook still wait for the last reports (daemon threads run during atexit).
    atexit.register(_flush_all_at_exit)
    ctx.register_command("jev", command, description="jev skill selection: /jev status, /jev skills on|off", args_hint="skills on|off")
