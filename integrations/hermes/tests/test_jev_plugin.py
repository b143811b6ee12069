"""The jev Hermes plugin with a fake plugin context, against a real jev server.

Run by e2e/hermes-plugin.spec.ts, which starts the server and sets JEV_URL, JEV_API_TOKEN,
JEV_DB (to read what the server recorded) and HERMES_HOME (a scratch folder). No Hermes needed.
"""

import contextlib
import importlib.util
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import types
import unittest

PLUGIN_DIR = os.path.join(os.path.dirname(__file__), "..", "jev")


def load_plugin():
    """Load the plugin as Hermes does: package `hermes_plugins.jev` from its folder."""
    sys.modules.setdefault("hermes_plugins", types.ModuleType("hermes_plugins"))
    spec = importlib.util.spec_from_file_location("hermes_plugins.jev", os.path.join(PLUGIN_DIR, "__init__.py"), submodule_search_locations=[PLUGIN_DIR])
    module = importlib.util.module_from_spec(spec)
    sys.modules["hermes_plugins.jev"] = module
    spec.loader.exec_module(module)
    return module


class FakeContext:
    def __init__(self):
        self.hooks = {}
        self.commands = {}

    def register_hook(self, name, callback):
        self.hooks[name] = callback

    def register_command(self, name, handler, description="", args_hint=""):
        self.commands[name] = handler


jev = load_plugin()
ctx = FakeContext()
jev.register(ctx)
pre_llm_call = ctx.hooks["pre_llm_call"]
post_tool_call = ctx.hooks["post_tool_call"]
slash = ctx.commands["jev"]


def turn(text, session, history=None, platform="cli"):
    return pre_llm_call(session_id=session, task_id="t", turn_id="u", user_message=text, conversation_history=history or [], is_first_turn=not history, model="m", platform=platform, sender_id="", telemetry_schema_version="hermes.observer.v1")


def skill_view(name, session):
    post_tool_call(tool_name="skill_view", args={"name": name}, result=json.dumps({"success": True, "name": name, "content": "..."}), session_id=session, tool_call_id="c1", turn_id="u", status="ok")


def wait_for(check, seconds=5):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def feedback_rows(session):
    db = sqlite3.connect("file:%s?mode=ro" % os.environ["JEV_DB"], uri=True)
    try:
        return db.execute("SELECT skill, event FROM feedback WHERE session_id = ?", (session,)).fetchall()
    finally:
        db.close()


@contextlib.contextmanager
def silent_server():
    """A listener that accepts and never answers: a hung jev. Yields its URL."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    try:
        yield "http://127.0.0.1:%d" % listener.getsockname()[1]
    finally:
        listener.close()


@contextlib.contextmanager
def dripping_server():
    """A server that answers its headers, then a body one byte at a time, never ending. Yields its URL."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    conns = []

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            conns.append(conn)
            try:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 100000000\r\n\r\n")
                for _ in range(200):
                    conn.sendall(b" ")
                    time.sleep(0.05)
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield "http://127.0.0.1:%d" % listener.getsockname()[1]
    finally:
        listener.close()
        for conn in conns:
            conn.close()


def session_id():
    return "hermes-%s-%s" % (os.getpid(), time.time_ns())


class AgainstTheServer(unittest.TestCase):
    def setUp(self):
        os.environ.pop("JEV_TIMEOUT_MS", None)
        self.url = os.environ["JEV_URL"]
        slash("skills on")

    def test_a_pdf_turn_gets_a_hint_naming_the_skill_and_how_to_load_it(self):
        reply = turn("fill in this PDF form, then merge the two PDF files into one PDF", session_id())
        self.assertIsInstance(reply, dict)
        self.assertIn("[jev plugin]", reply["context"])
        self.assertRegex(reply["context"], r'skill_view\(name="[^"]*pdf[^"]*"\)')

    def test_chit_chat_and_secret_looking_turns_get_nothing(self):
        self.assertIsNone(turn("thanks, that's all for now", session_id()))
        self.assertIsNone(turn("deploy it, the key is AKIA" + "IOSFODNN7EXAMPLE", session_id()))

    def test_a_skill_view_is_reported_and_the_skill_is_not_hinted_again_in_that_session(self):
        session = session_id()
        first = turn("create an excalidraw diagram of the architecture", session)
        name = first["context"].split('"')[1]
        skill_view(name, session)
        self.assertTrue(wait_for(lambda: feedback_rows(session) == [(name, "loaded")]), feedback_rows(session))
        again = turn("draw another excalidraw diagram of the architecture", session)
        self.assertTrue(again is None or ('"%s"' % name) not in again["context"])

    def test_a_slash_invoked_skill_counts_as_loaded_and_its_instruction_is_the_turn(self):
        session = session_id()
        message = (
            '[IMPORTANT: The user has invoked the "pdf" skill, indicating they want you to follow its instructions. '
            "The full skill content is loaded below.]\n\n# PDF\nbody text\n\n"
            "The user has provided the following instruction alongside the skill invocation: extract the tables from this pdf report"
        )
        reply = turn(message, session)
        self.assertTrue(reply is None or '"pdf"' not in reply["context"])
        self.assertTrue(wait_for(lambda: ("pdf", "loaded") in feedback_rows(session)))

    def test_subagent_curator_and_multimodal_turns_are_skipped(self):
        self.assertIsNone(turn("merge these two PDF files into one", session_id(), platform="subagent"))
        self.assertIsNone(turn("merge these two PDF files into one", session_id(), platform="curator"))
        self.assertIsNone(turn([{"type": "text", "text": "merge these two PDF files into one"}], session_id()))

    def test_skills_off_stops_the_hints_and_the_state_file_keeps_other_keys(self):
        path = os.path.join(os.environ["HERMES_HOME"], "jev", "state.json")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"future_key": 7, "skill_feedback": "on"}, f)
        self.assertEqual(slash("skills off"), "jev: skills off")
        self.assertIsNone(turn("create an excalidraw diagram of the architecture", session_id()))
        with open(path, encoding="utf-8") as f:
            self.assertEqual(json.load(f), {"future_key": 7, "skill_feedback": "on", "skills": "off"})
        self.assertIn("skills off", slash("status"))
        self.assertIn("answers", slash("status"))
        slash("skills on")
        self.assertIsNotNone(turn("create an excalidraw diagram of the architecture", session_id()))
        self.assertTrue(slash("nonsense").startswith("usage:"))


class WhenTheServerIsDownOrSlow(unittest.TestCase):
    def setUp(self):
        self.saved = {k: os.environ.get(k) for k in ("JEV_URL", "JEV_TIMEOUT_MS")}

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def test_a_silent_server_costs_at_most_the_timeout_and_nothing_is_returned(self):
        with silent_server() as url:
            os.environ["JEV_URL"] = url
            os.environ["JEV_TIMEOUT_MS"] = "400"
            started = time.time()
            self.assertIsNone(turn("create an excalidraw diagram of the architecture", session_id()))
        self.assertLess(time.time() - started, 2.0)

    def test_a_server_that_drips_bytes_costs_at_most_the_timeout(self):
        with dripping_server() as url:
            os.environ["JEV_URL"] = url
            os.environ["JEV_TIMEOUT_MS"] = "400"
            started = time.time()
            self.assertIsNone(turn("create an excalidraw diagram of the architecture", session_id()))
        self.assertLess(time.time() - started, 2.0)

    def test_a_load_seen_while_the_server_is_down_is_kept_for_jev_import(self):
        os.environ["JEV_URL"] = "http://127.0.0.1:9"
        session = session_id()
        self.assertIsNone(turn("create an excalidraw diagram of the architecture", session))
        skill_view("pdf", session)
        path = os.path.join(os.environ["HERMES_HOME"], "jev", "skill-feedback.json")

        def kept():
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError):
                return False
            return any(r.get("session") == session and r.get("skill") == "pdf" and r.get("loaded") is True for r in data.get("records", [])) and data.get("version") == 1

        self.assertTrue(wait_for(kept))


class SessionEndWaitsForItsOwnReports(unittest.TestCase):
    setUp = WhenTheServerIsDownOrSlow.setUp
    tearDown = WhenTheServerIsDownOrSlow.tearDown

    def test_one_sessions_end_does_not_wait_for_another_sessions_stuck_report(self):
        stuck, other = session_id(), session_id() + "-other"
        with silent_server() as url:
            os.environ["JEV_URL"] = url
            os.environ["JEV_TIMEOUT_MS"] = "1000"
            skill_view("pdf", stuck)
            started = time.time()
            ctx.hooks["on_session_end"](session_id=other, completed=True, interrupted=False, model="m", platform="cli")
            self.assertLess(time.time() - started, 0.3)
            ctx.hooks["on_session_end"](session_id=stuck, completed=True, interrupted=False, model="m", platform="cli")
        with open(os.path.join(os.environ["HERMES_HOME"], "jev", "skill-feedback.json"), encoding="utf-8") as f:
            records = json.load(f)["records"]
        self.assertTrue(any(r.get("session") == stuck and r.get("skill") == "pdf" for r in records))


class HermesLoaderParity(unittest.TestCase):
    """The loadable list comes from Hermes's loader as skill_view sees it: disabled skills left out."""

    def setUp(self):
        self.saved_modules = {k: sys.modules.get(k) for k in ("tools", "tools.skills_tool")}
        self.saved_platform = os.environ.get("HERMES_PLATFORM")
        self.calls = []
        calls = self.calls

        def _find_all_skills(*, skip_disabled=False):
            # Hermes's meaning (tools/skills_tool.py): skip_disabled=True returns ALL skills,
            # disabled ones included; the default filters skills.disabled and the platform's list.
            calls.append(skip_disabled)
            every = [{"name": "pdf"}, {"name": "xlsx"}, {"name": "docx"}]
            return every if skip_disabled else [s for s in every if s["name"] != "pdf"]

        tools = types.ModuleType("tools")
        skills_tool = types.ModuleType("tools.skills_tool")
        skills_tool._find_all_skills = _find_all_skills
        tools.skills_tool = skills_tool
        sys.modules["tools"] = tools
        sys.modules["tools.skills_tool"] = skills_tool
        self.sent = []
        self.real_request = jev.client.request

        def spy(method, path, body=None):
            if path == "/api/pick-skill":
                self.sent.append(body)
            return self.real_request(method, path, body)

        jev.client.request = spy

    def tearDown(self):
        jev.client.request = self.real_request
        for k, v in self.saved_modules.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
        if self.saved_platform is None:
            os.environ.pop("HERMES_PLATFORM", None)
        else:
            os.environ["HERMES_PLATFORM"] = self.saved_platform

    def test_a_disabled_skill_is_never_hinted_and_the_platform_is_sent(self):
        os.environ["HERMES_PLATFORM"] = "telegram"
        reply = turn("fill in this PDF form, then merge the two PDF files into one PDF", session_id(), platform="telegram")
        self.assertEqual(self.calls, [False])
        self.assertEqual(self.sent[-1]["loadable"], ["docx", "xlsx"])
        self.assertEqual(self.sent[-1]["platform"], "telegram")
        self.assertTrue(reply is None or '"pdf"' not in reply["context"], reply)

    def test_the_cli_sends_no_platform_as_hermes_resolves_none(self):
        os.environ.pop("HERMES_PLATFORM", None)
        turn("fill in this PDF form, then merge the two PDF files into one PDF", session_id(), platform="cli")
        self.assertNotIn("platform", self.sent[-1])


EXIT_RIGHT_AFTER_SKILL_VIEW = """
import importlib.util, json, os, sys, types
sys.modules.setdefault("hermes_plugins", types.ModuleType("hermes_plugins"))
spec = importlib.util.spec_from_file_location("hermes_plugins.jev", os.path.join(sys.argv[1], "__init__.py"), submodule_search_locations=[sys.argv[1]])
jev = importlib.util.module_from_spec(spec)
sys.modules["hermes_plugins.jev"] = jev
spec.loader.exec_module(jev)
hooks = {}
class Ctx:
    def register_hook(self, name, cb): hooks[name] = cb
    def register_command(self, *a, **k): pass
jev.register(Ctx())
hooks["post_tool_call"](tool_name="skill_view", args={"name": "pdf"}, result=json.dumps({"success": True, "name": "pdf"}), session_id=sys.argv[2])
if sys.argv[3] == "session-end":
    hooks["on_session_end"](session_id=sys.argv[2], completed=True, interrupted=False, model="m", platform="cli")
    os._exit(0)  # what a hard exit after the turn does: no atexit
sys.exit(0)  # a plain exit: the interpreter's atexit
"""


class ALoadAtExit(unittest.TestCase):
    """`hermes chat -q` can exit right after the model's last skill_view: the load still counts."""

    def run_and_exit(self, session, how, env=None):
        child_env = dict(os.environ, **(env or {}))
        done = subprocess.run([sys.executable, "-c", EXIT_RIGHT_AFTER_SKILL_VIEW, PLUGIN_DIR, session, how], env=child_env, timeout=30)
        self.assertEqual(done.returncode, 0)

    def test_reported_to_the_server_on_a_plain_exit(self):
        session = session_id()
        self.run_and_exit(session, "exit")
        self.assertIn(("pdf", "loaded"), feedback_rows(session))

    def test_reported_to_the_server_by_the_session_end_hook_before_a_hard_exit(self):
        session = session_id()
        self.run_and_exit(session, "session-end")
        self.assertIn(("pdf", "loaded"), feedback_rows(session))

    def test_kept_on_disk_when_the_server_is_silent_at_exit(self):
        session = session_id()
        with silent_server() as url:
            started = time.time()
            self.run_and_exit(session, "exit", {"JEV_URL": url, "JEV_TIMEOUT_MS": "300"})
            self.assertLess(time.time() - started, 10)
        with open(os.path.join(os.environ["HERMES_HOME"], "jev", "skill-feedback.json"), encoding="utf-8") as f:
            records = json.load(f)["records"]
        self.assertTrue(any(r.get("session") == session and r.get("skill") == "pdf" for r in records))


class Shortlist(unittest.TestCase):
    """A reply below the load line: its listed skills become a shortlist with each one's "when to use"."""

    def setUp(self):
        self.plugin = sys.modules["hermes_plugins.jev"]
        self.client = sys.modules["hermes_plugins.jev.client"]
        self.request = self.client.request
        self.folder = tempfile.mkdtemp()

    def tearDown(self):
        self.client.request = self.request

    def skill(self, name, description):
        path = os.path.join(self.folder, name, "SKILL.md")
        os.makedirs(os.path.dirname(path))
        with open(path, "w", encoding="utf-8") as f:
            f.write("---\nname: %s\ndescription: >-\n  %s\n  Second line of the description.\n---\n\n# %s\n" % (name, description, name))
        return path

    def answer(self, skills):
        self.client.request = lambda method, path, body: {"status": "ok", "needs_skill": 0.7, "skills": skills, "latency_ms": 1}

    def test_skills_under_the_line_are_offered_with_when_to_use_and_a_load_is_named_alone(self):
        docx = self.skill("docx", "Create, read, edit Word .docx documents and templates.")
        pdf = self.skill("pdf", "Create, merge, split, fill, and secure PDF files")
        self.answer([{"name": "docx", "path": docx, "match": 0.24}, {"name": "pdf", "path": pdf, "match": 0.16}, {"name": "gone", "path": "/nowhere/SKILL.md", "match": 0.06}])
        context = self.plugin.hint(session_id="s-short", user_message="convert this docx to pdf")["context"]
        self.assertIn("No skill is a sure fit", context)
        self.assertIn('"docx" (Create, read, edit Word .docx documents and templates.)', context)
        self.assertIn('"pdf" (Create, merge, split, fill, and secure PDF files Second line of the description.)', context)
        self.assertIn('"gone".', context)  # an unreadable SKILL.md is offered by name alone
        self.answer([{"name": "pdf", "path": pdf, "match": 0.81}, {"name": "docx", "path": docx, "match": 0.2}])
        context = self.plugin.hint(session_id="s-short", user_message="merge these pdfs")["context"]
        self.assertIn('The skill "pdf" fits this request', context)
        self.assertNotIn("docx", context)

    def test_an_empty_list_adds_nothing(self):
        self.answer([])
        self.assertIsNone(self.plugin.hint(session_id="s-short", user_message="what is the capital of france"))


class Signals(unittest.TestCase):
    def test_history_gives_loaded_skills(self):
        signals = sys.modules["hermes_plugins.jev.signals"]
        call = lambda i, args: {"role": "assistant", "tool_calls": [{"id": i, "function": {"name": "skill_view", "arguments": json.dumps(args)}}]}
        result = lambda i, body: {"role": "tool", "tool_call_id": i, "content": json.dumps(body)}
        history = [
            call("a", {"name": "xlsx"}),
            result("a", {"success": True, "name": "xlsx"}),
            call("b", {"name": "docx"}),
            result("b", {"success": False, "error": "not found"}),
            call("c", {"name": "pdf", "file_path": "forms.md"}),
            result("c", {"success": True, "name": "pdf"}),
            {"role": "user", "content": "[skill_view] name=git-commit (1200 chars)"},
            {"role": "user", "content": '[IMPORTANT: The user launched this CLI session with the "blender" skill preloaded. ...'},
        ]
        self.assertEqual(signals.loads_from_history(history), {"xlsx", "git-commit", "blender"})
        self.assertIsNone(signals.loaded_by_tool("skill_view", {"name": "pdf", "file_path": "x.md"}, '{"success": true}'))
        self.assertEqual(signals.loaded_by_tool("skill_view", '{"name": "pdf"}', '{"success": true, "name": "pdf"}'), "pdf")
        self.assertIsNone(signals.loaded_by_tool("terminal", {}, "{}"))

    def test_the_users_words_inside_slash_expansions(self):
        signals = sys.modules["hermes_plugins.jev.signals"]
        bare = '[IMPORTANT: The user has invoked the "pdf" skill, indicating ... The full skill content is loaded below.]\n\nbody'
        self.assertIsNone(signals.user_turn(bare))
        self.assertEqual(signals.user_turn("plain words"), "plain words")
        bundle = '[IMPORTANT: The user has invoked the "docs" stacked skill bundle, ...\nUser instruction: write the guide\n\n[Loaded as part of the bundle: a]'
        self.assertEqual(signals.user_turn(bundle), "write the guide")
        self.assertIsNone(signals.invoked_skill(bundle))


if __name__ == "__main__":
    unittest.main()
