"""jev's files under the Hermes home: the toggles it shares with the server, and loads kept while the server was down."""

import datetime
import fcntl
import json
import os
import tempfile

DEFAULTS = {"skills": "on", "skill_feedback": "on", "routing": "off", "merge_requests": "on", "subagents": "off"}
KEYS = tuple(DEFAULTS)
MAX_RECORDS = 10_000


def hermes_home():
    return os.environ.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")


def jev_dir():
    return os.path.join(hermes_home(), "jev")


def _atomic_write(path, text):
    """Write a temp file in the same folder, fsync it, rename it over the target: a reader sees old or new, never half."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".jev-", suffix=".tmp", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _read_object(path):
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
        return value if isinstance(value, dict) else None
    except (OSError, ValueError):
        return None


def read_state():
    """The toggles (`state.json`): missing keys and a missing or broken file mean the defaults."""
    state = dict(DEFAULTS)
    stored = _read_object(os.path.join(jev_dir(), "state.json")) or {}
    for key in KEYS:
        if stored.get(key) in ("on", "off"):
            state[key] = stored[key]
    return state


def set_toggle(key, value):
    """Set one toggle, keeping every other key of the file (the server's and unknown ones)."""
    path = os.path.join(jev_dir(), "state.json")
    with _locked(path):
        stored = _read_object(path)
        if stored is None and os.path.exists(path):
            raise ValueError("state.json is not a JSON object; not changed")
        stored = stored or {}
        stored[key] = value
        _atomic_write(path, json.dumps(stored, indent=2) + "\n")


class _locked:
    """An exclusive flock on `<file>.lock` (the gateway runs sessions in threads, Hermes may run twice)."""

    def __init__(self, path):
        self.path = path + ".lock"

    def __enter__(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def remember_feedback(skill, session, loaded=True):
    """Append a load to `skill-feedback.json` for `jev import hermes` (format in jev's interfaces: newest last, at most 10,000)."""
    path = os.path.join(jev_dir(), "skill-feedback.json")
    at = datetime.datetime.now(datetime.timezone.utc).isoformat()
    record = {"skill": skill, "at": at, "loaded": loaded}
    if session:
        record["session"] = session
    with _locked(path):
        stored = _read_object(path)
        records = stored.get("records") if stored and stored.get("version") == 1 and isinstance(stored.get("records"), list) else []
        records = (records + [record])[-MAX_RECORDS:]
        _atomic_write(path, json.dumps({"version": 1, "records": records}, indent=2) + "\n")
