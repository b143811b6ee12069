"""Hermes's way of bumping a view in skills/.usage.json, for jev's interop tests.

Usage: python3 python-usage-writer.py <home> <skill> <times> [hold_seconds]
Takes fcntl.flock(LOCK_EX) on skills/.usage.json.lock, re-reads the file, bumps, writes a temp
file in the same folder, fsyncs and renames it over the target, as Hermes does. With
hold_seconds it instead takes the lock once, prints "locked", holds it, and releases.
"""
import datetime
import fcntl
import json
import os
import sys
import tempfile
import time

home, skill, times = sys.argv[1], sys.argv[2], int(sys.argv[3])
hold = float(sys.argv[4]) if len(sys.argv) > 4 else 0
skills = os.path.join(home, "skills")
target = os.path.join(skills, ".usage.json")

with open(os.path.join(skills, ".usage.json.lock"), "a+") as lock:
    if hold:
        fcntl.flock(lock, fcntl.LOCK_EX)
        print("locked", flush=True)
        time.sleep(hold)
        fcntl.flock(lock, fcntl.LOCK_UN)
        sys.exit(0)
    for _ in range(times):
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            try:
                with open(target, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError):
                data = {}
            now = datetime.datetime.now(datetime.timezone.utc).isoformat()
            record = data.setdefault(skill, {"created_at": now, "use_count": 0, "view_count": 0})
            record["view_count"] = int(record.get("view_count") or 0) + 1
            record["last_viewed_at"] = now
            fd, tmp = tempfile.mkstemp(dir=skills, prefix=".usage_", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
