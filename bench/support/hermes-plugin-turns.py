"""Drive the jev Hermes plugin as Hermes would, for bench/agent-integrations.ts.

    python3 hermes-plugin-turns.py TURNS.json SESSIONS

TURNS.json is a list of turn texts. The turns are spread over SESSIONS sessions; after each hint
the agent loads the hinted skill on every third hint (a skill_view the plugin reports). Prints
one JSON object: the plugin's time per turn (ms, what Hermes waits), and its own count of hints
shown and skills loaded per session.
"""

import importlib.util
import json
import os
import sys
import time
import types

PLUGIN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "integrations", "hermes", "jev")
sys.modules.setdefault("hermes_plugins", types.ModuleType("hermes_plugins"))
spec = importlib.util.spec_from_file_location("hermes_plugins.jev", os.path.join(PLUGIN_DIR, "__init__.py"), submodule_search_locations=[PLUGIN_DIR])
jev = importlib.util.module_from_spec(spec)
sys.modules["hermes_plugins.jev"] = jev
spec.loader.exec_module(jev)

turns = json.load(open(sys.argv[1], encoding="utf-8"))
sessions = int(sys.argv[2])
stamp = "%d" % time.time_ns()
times = []
shown = {}
loaded = {}
hints = 0
for i, text in enumerate(turns):
    session = "bench-%s-%d" % (stamp, i % sessions)
    started = time.perf_counter()
    reply = jev.pre_llm_call(session_id=session, user_message=text, conversation_history=[], platform="cli", turn_id=str(i))
    times.append((time.perf_counter() - started) * 1000)
    if not reply:
        continue
    name = reply["context"].split('"')[1]
    shown.setdefault(session, []).append(name)
    hints += 1
    if hints % 3 == 0:
        jev.post_tool_call(tool_name="skill_view", args={"name": name}, result=json.dumps({"success": True, "name": name}), session_id=session)
        loaded.setdefault(session, []).append(name)
time.sleep(1.0)  # the loads are reported off the critical path, on threads
print(json.dumps({"ms": times, "shown": shown, "loaded": loaded}))
