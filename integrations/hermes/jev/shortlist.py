"""The shortlist a reply below the load line becomes: each skill's name and a one-line "when to use".

The text of "when to use" is the skill's own description (its first sentence, on one line, at most
WHEN_SHOWN characters), read from the SKILL.md the reply names: the reply itself carries names,
paths and matches only. Claude Code's hook (integrations/claude-code/jev_hook.py) loads this file
for the same rule, and `jev eval` counts the tokens of both by its copy (lib/hints/hint-text.ts).
"""

import os
import re
import stat

WHEN_SHOWN = 90
FRONT_MATTER_READ = 8192
DESCRIPTION_LINE = re.compile(r"^description:[ \t]*(.*)$", re.MULTILINE)
FOLDED = ("", ">", "|", ">-", "|-", ">+", "|+")


def when_to_use(description):
    """A description's first sentence, on one line, at most WHEN_SHOWN characters."""
    text = " ".join(str(description).split()).replace('"', "'")
    end = text.find(". ")
    if 0 < end < WHEN_SHOWN:
        return text[: end + 1]
    if len(text) <= WHEN_SHOWN:
        return text
    cut = text[: WHEN_SHOWN - 1]
    return (cut[: cut.rfind(" ")] if " " in cut else cut).rstrip(" ,;:") + "\u2026"


def _read_head(path, limit):
    """The first `limit` bytes of a regular file as text, or "": opened non-blocking, so a FIFO there hangs nothing."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, TypeError, ValueError):
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        return os.read(fd, limit).decode("utf-8", errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


def description_of(path):
    """The front matter's description of a SKILL.md (plain, quoted or folded), or "" when it cannot be read."""
    head = _read_head(path, FRONT_MATTER_READ)
    lines = head.split("\n")
    if not lines or lines[0].strip() != "---":
        return ""
    block = []
    for line in lines[1:]:
        if line.strip() == "---":
            break
        block.append(line)
    text = "\n".join(block)
    found = DESCRIPTION_LINE.search(text)
    if not found:
        return ""
    value = found.group(1).strip()
    if value in FOLDED:
        folded = []
        for line in text[found.end() :].split("\n")[1:]:
            if line and not line[0].isspace():
                break
            folded.append(line.strip())
        return " ".join(folded)
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    return value


def offer(skill):
    """One shortlist entry: the name and, when its SKILL.md can be read, when to use it."""
    when = when_to_use(description_of(skill.get("path")))
    return '"%s"%s' % (skill["name"], " (%s)" % when if when else "")
