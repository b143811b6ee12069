"""A Hermes home read the way Hermes's own Python reads it, for jev's consolidation interop test.

Usage: python3 hermes-home-reader.py read <home>
       python3 hermes-home-reader.py hold-cron-lock <home> <seconds>

`read` prints one JSON object: the skill folders under skills/ and skills/.archive/ (those with a SKILL.md, as
tools/skill_usage.py lists them), each record's state in skills/.usage.json, the curator state's last_report_path and
that report's `consolidated` entries and counts (agent/curator.py's run.json), and each cron job's skills as
cron/jobs.py normalizes them (`skills` when present, else `[skill]`). Written for jev from reading the fork named in
the developers' guide; it is not Hermes's code. `hold-cron-lock` takes fcntl.flock(LOCK_EX) on cron/.jobs.lock as
cron/jobs.py does, prints "locked", holds it, and releases.
"""
import fcntl
import json
import os
import sys
import time

mode, home = sys.argv[1], sys.argv[2]
skills = os.path.join(home, "skills")

if mode == "hold-cron-lock":
    os.makedirs(os.path.join(home, "cron"), exist_ok=True)
    with open(os.path.join(home, "cron", ".jobs.lock"), "a+", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        print("locked", flush=True)
        time.sleep(float(sys.argv[3]))
        fcntl.flock(lock, fcntl.LOCK_UN)
    sys.exit(0)


def skill_dirs(folder):
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    return [n for n in names if not n.startswith(".") and os.path.isfile(os.path.join(folder, n, "SKILL.md"))]


def normalize(job):
    raw = job.get("skills")
    items = ([job.get("skill")] if job.get("skill") else []) if raw is None else ([raw] if isinstance(raw, str) else list(raw))
    out = []
    for item in items:
        text = str(item or "").strip()
        if text and text not in out:
            out.append(text)
    return out


with open(os.path.join(skills, ".usage.json"), encoding="utf-8") as f:
    usage = json.load(f)
state = {}
try:
    with open(os.path.join(skills, ".curator_state"), encoding="utf-8") as f:
        state = json.load(f)
except FileNotFoundError:
    pass
report = None
if state.get("last_report_path"):
    with open(os.path.join(state["last_report_path"], "run.json"), encoding="utf-8") as f:
        run = json.load(f)
    report = {"consolidated": run["consolidated"], "archived": run["archived"], "counts": run["counts"]}
jobs = []
jobs_file = os.path.join(home, "cron", "jobs.json")
if os.path.exists(jobs_file):
    with open(jobs_file, encoding="utf-8-sig") as f:
        data = json.load(f)
    jobs = [{"id": j.get("id"), "skills": normalize(j), "skill": j.get("skill")} for j in (data["jobs"] if isinstance(data, dict) else data)]

print(json.dumps({
    "live": skill_dirs(skills),
    "archived": skill_dirs(os.path.join(skills, ".archive")),
    "states": {name: rec.get("state") for name, rec in sorted(usage.items()) if isinstance(rec, dict)},
    "last_report_path": state.get("last_report_path"),
    "report": report,
    "cron": jobs,
}))
