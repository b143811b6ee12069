"""A tiny HTTP client for jev: JSON in and out, one hard deadline, a capped reply, no proxy. Raises on any failure."""

import json
import os
import socket
import stat
import threading
from urllib.parse import urlsplit

# A reply from jev is a few KiB; past this it is not jev's, and is not read further.
REPLY_MAX_BYTES = 1 << 20
# $HERMES_HOME/.env is small; past this it is not read at all.
ENV_MAX_BYTES = 1 << 20


def _hermes_home():
    return os.environ.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")


def _read_small(path, limit):
    """A small regular file's text, or "": opened non-blocking (a FIFO there cannot hang Hermes's turn), checked regular."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return ""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return ""
        data = os.read(fd, limit + 1)
        return "" if len(data) > limit else data.decode("utf-8", errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


def _from_dotenv(key):
    """A value from $HERMES_HOME/.env (where `hermes plugins install` writes the token)."""
    for line in _read_small(os.path.join(_hermes_home(), ".env"), ENV_MAX_BYTES).splitlines():
        name, sep, value = line.strip().partition("=")
        if sep and name.strip() == key:
            return value.strip().strip('"').strip("'")
    return ""


def server_url():
    return (os.environ.get("JEV_URL") or _from_dotenv("JEV_URL") or "http://127.0.0.1:3000").rstrip("/")


def timeout_s():
    try:
        return max(0.05, float(os.environ.get("JEV_TIMEOUT_MS", "1500")) / 1000)
    except ValueError:
        return 1.5


def _exchange(connection, method, target, data, headers):
    """One request and its whole reply, at most REPLY_MAX_BYTES: (status, bytes)."""
    connection.request(method, target, body=data, headers=headers)
    response = connection.getresponse()
    chunks, size = [], 0
    while True:
        chunk = response.read1(65536)
        if not chunk:
            return response.status, b"".join(chunks)
        size += len(chunk)
        if size > REPLY_MAX_BYTES:
            raise OSError("jev's reply is larger than a reply can be")
        chunks.append(chunk)


def request(method, path, body=None):
    """The whole exchange has one deadline, so a server that answers a byte at a time cannot hold a turn: it runs on a
    worker thread, and when the time is up the socket is shut, which wakes the worker. jev runs locally: no proxy."""
    import http.client

    headers = {"accept": "application/json"}
    token = os.environ.get("JEV_API_TOKEN") or _from_dotenv("JEV_API_TOKEN")
    if token:
        headers["authorization"] = "Bearer " + token.strip()
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        headers["content-type"] = "application/json"
    url = urlsplit(server_url() + path)
    if url.scheme not in ("http", "https") or not url.hostname:
        raise ValueError("JEV_URL is not an http(s) URL")
    connection_class = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
    connection = connection_class(url.hostname, url.port, timeout=timeout_s())
    target = url.path + (("?" + url.query) if url.query else "")
    outcome = {}

    def work():
        try:
            outcome["reply"] = _exchange(connection, method, target, data, headers)
        except Exception as err:  # noqa: BLE001 - handed to the caller below
            outcome["error"] = err

    worker = threading.Thread(target=work, daemon=True, name="jev-request")
    worker.start()
    worker.join(timeout_s())
    try:
        if worker.is_alive():
            if connection.sock is not None:
                connection.sock.shutdown(socket.SHUT_RDWR)
            raise TimeoutError("jev did not answer in time")
        if "error" in outcome:
            raise outcome["error"]
        status, reply = outcome["reply"]
        if status >= 400:
            raise OSError("jev answered %d" % status)
        return json.loads(reply.decode("utf-8"))
    finally:
        connection.close()
