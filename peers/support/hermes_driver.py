"""Hermes's own code on a Hermes home, for the peer tests (peers/hermes-curator.test.ts). Run with the pinned
hermes-agent venv's Python and HERMES_HOME set. Prints one JSON object.

  seed SPEC.json      skills/<name>/SKILL.md for each skill, and their .usage.json records written by Hermes's own
                      save_usage (each record Hermes's empty record with the spec's fields over it)
  transitions ISO     agent.curator.apply_automatic_transitions(now=ISO): the counts
  read                what Hermes's tools/skill_usage.py reads: every record, the agent-created report, archived names
  bump NAME KIND N    N of Hermes's bump_use/bump_view/bump_patch on NAME (each under its flock), one after another;
                      prints `started` first, and when it started and ended
"""
import json
import os
import sys
import time
from datetime import datetime

from tools import skill_usage as u


def seed(spec_file):
    with open(spec_file, encoding="utf-8") as f:
        spec = json.load(f)
    skills = os.path.join(os.environ["HERMES_HOME"], "skills")
    records = {}
    for skill in spec["skills"]:
        folder = os.path.join(skills, skill["name"])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "SKILL.md"), "w", encoding="utf-8") as f:
            f.write(f"---\nname: {skill['name']}\ndescription: {skill.get('description', 'a skill')}\n---\nbody\n")
        if "record" in skill:
            record = u._empty_record()
            record.update(skill["record"])
            records[skill["name"]] = record
    u.save_usage(records)
    return {"seeded": len(spec["skills"])}


def read():
    report = u.agent_created_report()
    return {
        "usage": u.load_usage(),
        "agent_created": sorted(u.list_agent_created_skill_names()),
        "archived": sorted(u.list_archived_skill_names()),
        "report": {row["name"]: {"state": row.get("state"), "pinned": bool(row.get("pinned"))} for row in report},
    }


def main():
    mode = sys.argv[1]
    if mode == "seed":
        out = seed(sys.argv[2])
    elif mode == "transitions":
        from agent.curator import apply_automatic_transitions

        out = apply_automatic_transitions(now=datetime.fromisoformat(sys.argv[2]))
    elif mode == "read":
        out = read()
    elif mode == "bump":
        bump = {"use": u.bump_use, "view": u.bump_view, "patch": u.bump_patch}[sys.argv[3]]
        print("started", flush=True)
        started = time.time()
        for _ in range(int(sys.argv[4])):
            bump(sys.argv[2])
        out = {"bumped": int(sys.argv[4]), "started": started, "ended": time.time()}
    else:
        raise SystemExit(f"unknown mode {mode}")
    print(json.dumps(out, sort_keys=True, default=str))


main()
