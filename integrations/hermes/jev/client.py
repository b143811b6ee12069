"""A tiny HTTP client for jev: JSON in and out, a hard timeout, no proxy. Raises on any failure."""

import json
import os
import urllib.request


def _hermes_home():
    return os.environ.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")


def _from_dotenv(key):
    """A value from $HERMES_HOME/.env (where `hermes plugins install` writes the token)."""
    try:
        with open(os.path.join(_hermes_home(), ".env"), encoding="utf-8") as f:
            for line in f:
                name, sep, value = line.strip().partition("=")
                if sep and name.strip() == key:
                    return value.strip().strip('"').strip("'")
    except OSError:
        pass
    return ""


def server_url():
    return (os.environ.get("JEV_URL") or _from_dotenv("JEV_URL") or "http://127.0.0.1:3000").rstrip("/")


def timeout_s():
    try:
        return max(0.05, float(os.environ.get("JEV_TIMEOUT_MS", "1500")) / 1000)
    except ValueError:
        return 1.5


def request(method, path, body=None):
    headers = {"accept": "application/json"}
    token = os.environ.get("JEV_API_TOKEN") or _from_dotenv("JEV_API_TOKEN")
    if token:
        headers["authorization"] = "Bearer " + token.strip()
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        headers["content-type"] = "application/json"
    req = urllib.request.Request(server_url() + path, data=data, headers=headers, method=method)
    # jev runs locally: a proxy from the environment would only add a hop or refuse it.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(req, timeout=timeout_s()) as response:
        return json.loads(response.read().decode("utf-8"))
