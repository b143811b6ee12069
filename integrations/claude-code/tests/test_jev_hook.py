"""The Claude Code and Codex hook's own logic, on a temp home (Python standard library only).

    python3 -m unittest -v test_jev_hook     (in integrations/claude-code/tests)
"""

import importlib.util
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True


def load_hook(argv):
    saved = sys.argv
    sys.argv = ["jev_hook.py", *argv]
    try:
        spec = importlib.util.spec_from_file_location("jev_hook_under_test", os.path.join(HERE, "..", "jev_hook.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.argv = saved


class CodexReads(unittest.TestCase):
    """Codex loads a skill by reading its SKILL.md through a tool: a read is a load, naming the file is not."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="jev-hook-")
        self.saved_home = os.environ.get("HOME")
        os.environ["HOME"] = self.home
        self.skill = os.path.join(self.home, ".agents", "skills", "pdf-tools", "SKILL.md")
        os.makedirs(os.path.dirname(self.skill))
        with open(self.skill, "w", encoding="utf-8") as f:
            f.write("---\nname: pdf-tools\ndescription: Merge PDF files.\n---\n# PDF\n")
        self.hook = load_hook(["--agent", "codex"])

    def tearDown(self):
        if self.saved_home is None:
            os.environ.pop("HOME", None)
        else:
            os.environ["HOME"] = self.saved_home

    def reads(self, tool_input):
        return self.hook._read_skills({"cwd": self.home, "tool_input": tool_input})

    def test_readers_are_loads(self):
        for command in [
            "cat ~/.agents/skills/pdf-tools/SKILL.md",
            "sed -n '1,200p' $HOME/.agents/skills/pdf-tools/SKILL.md",
            "head -n 80 ${HOME}/.agents/skills/pdf-tools/SKILL.md",
            "less .agents/skills/pdf-tools/SKILL.md",
            "cd /tmp && cat " + self.skill,
        ]:
            with self.subTest(command=command):
                self.assertEqual(self.reads({"command": command}), ["pdf-tools"])

    def test_a_shell_given_a_command_and_an_argv_list(self):
        self.assertEqual(self.reads({"command": ["bash", "-lc", "cat ~/.agents/skills/pdf-tools/SKILL.md"]}), ["pdf-tools"])
        self.assertEqual(self.reads({"command": "bash -lc 'sed -n 1,120p ~/.agents/skills/pdf-tools/SKILL.md'"}), ["pdf-tools"])

    def test_a_path_given_alone_is_a_read(self):
        self.assertEqual(self.reads({"path": self.skill}), ["pdf-tools"])

    def test_naming_the_file_is_not_a_load(self):
        for command in [
            "ls -la ~/.agents/skills/pdf-tools/SKILL.md",
            "echo ~/.agents/skills/pdf-tools/SKILL.md",
            "grep -l pdf ~/.agents/skills/*/SKILL.md",
            "sed -i s/a/b/ ~/.agents/skills/pdf-tools/SKILL.md",
            "find ~/.agents/skills -name SKILL.md",
        ]:
            with self.subTest(command=command):
                self.assertEqual(self.reads({"command": command}), [])

    def test_a_file_that_does_not_exist_is_not_a_load(self):
        self.assertEqual(self.reads({"command": "cat ~/.agents/skills/other/SKILL.md"}), [])


class MonorepoRoots(unittest.TestCase):
    """A monorepo both ways: launched in a package, the root's skills are sent too; launched at the root, the packages'."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="jev-hook-")
        self.saved = {k: os.environ.get(k) for k in ("HOME", "CLAUDE_PROJECT_DIR")}
        os.environ["HOME"] = self.home
        os.environ.pop("CLAUDE_PROJECT_DIR", None)
        self.repo = os.path.join(self.home, "work", "repo")
        os.makedirs(os.path.join(self.repo, ".git"))
        for folder in ["", "packages/api", "packages/web/app", "node_modules/dep"]:
            os.makedirs(os.path.join(self.repo, folder, ".claude", "skills"))
        os.makedirs(os.path.join(self.home, ".claude", "skills"))
        self.hook = load_hook([])

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def skills(self, *parts):
        return os.path.join(self.repo, *parts, ".claude", "skills")

    def test_launched_at_the_root_the_packages_skills_are_sent(self):
        roots = self.hook._skill_roots({"cwd": self.repo})
        self.assertEqual(
            roots,
            [os.path.join(self.home, ".claude", "skills"), self.skills(), self.skills("packages", "api"), self.skills("packages", "web", "app")],
        )

    def test_launched_in_a_package_the_roots_skills_are_sent(self):
        roots = self.hook._skill_roots({"cwd": os.path.join(self.repo, "packages", "api")})
        self.assertEqual(roots, [os.path.join(self.home, ".claude", "skills"), self.skills("packages", "api"), self.skills()])

    def test_outside_a_repository_only_the_project_itself(self):
        loose = os.path.join(self.home, "notes")
        os.makedirs(os.path.join(loose, ".claude", "skills"))
        os.makedirs(os.path.join(self.home, ".claude", "skills", "x"), exist_ok=True)
        self.assertEqual(self.hook._skill_roots({"cwd": loose}), [os.path.join(self.home, ".claude", "skills"), os.path.join(loose, ".claude", "skills")])


class BoundedExchanges(unittest.TestCase):
    """Whatever answers at JEV_URL, the hook is done within its time and reads no more than a reply can hold."""

    def setUp(self):
        import socket
        import threading

        self.home = tempfile.mkdtemp(prefix="jev-hook-")
        self.saved = {k: os.environ.get(k) for k in ("HOME", "JEV_URL", "JEV_HOOK_TIMEOUT", "JEV_API_TOKEN")}
        os.environ.update({"HOME": self.home, "JEV_HOOK_TIMEOUT": "0.5", "JEV_API_TOKEN": "t"})
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        os.environ["JEV_URL"] = "http://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.mode = "drip"
        self.open = []
        threading.Thread(target=self.serve, daemon=True).start()
        self.hook = load_hook([])

    def serve(self):
        import time

        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.open.append(conn)
            try:
                conn.recv(65536)
                if self.mode == "drip":  # headers, then a body one byte at a time, never ending
                    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 100000000\r\n\r\n")
                    for _ in range(200):
                        conn.sendall(b" ")
                        time.sleep(0.05)
                elif self.mode == "huge":  # a whole reply, larger than any of jev's
                    body = b'{"a":"' + b"x" * (3 << 20) + b'"}'
                    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\n\r\n" % len(body) + body)
            except OSError:
                pass

    def tearDown(self):
        self.listener.close()
        for conn in self.open:
            conn.close()
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def timed_post(self):
        import time

        started = time.monotonic()
        with self.assertRaises(Exception):
            self.hook._post("/api/pick-skill", {"turn": "x"})
        return time.monotonic() - started

    def test_a_server_that_drips_bytes_is_cut_at_the_deadline(self):
        self.assertLess(self.timed_post(), 2.0)

    def test_a_reply_larger_than_a_reply_can_be_is_not_read(self):
        self.mode = "huge"
        self.assertLess(self.timed_post(), 2.0)

    def test_a_fifo_where_a_file_is_read_hangs_nothing(self):
        fifo = os.path.join(self.home, "fifo")
        os.mkfifo(fifo)
        self.assertIsNone(self.hook._read_file(fifo))
        self.assertIsNone(self.hook._skill_name(fifo))
        self.assertEqual(self.hook._read_json(fifo), {})


if __name__ == "__main__":
    unittest.main()
