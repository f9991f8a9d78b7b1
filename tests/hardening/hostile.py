"""Helpers for the hostile-input tests: run a command and insist on one clean error line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Refusal:
    message: str  # the error line, re-joined where the console wrapped it
    stdout: str


def flat(text: str) -> str:
    return " ".join(text.split())


def _one_error_line(stderr: str) -> str:
    """The message of the single `error:` line (the console may wrap it; it is re-joined)."""
    lines = stderr.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("error:")]
    assert len(starts) == 1, stderr  # progress notes (e.g. "Building the search index") may come first
    return flat("\n".join(lines[starts[0]:])).removeprefix("error: ")


def refused(args: list[str], env: dict[str, str] | None = None) -> Refusal:
    """Run in-process: exit code 2, no exception escaping, one `error:` line on stderr."""
    result = CliRunner().invoke(app, args, env={"COLUMNS": "1000", **(env or {})})
    assert result.exit_code == 2, f"{args}: exit {result.exit_code}\n{result.output}\n{result.exception!r}"
    assert not result.exception or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return Refusal(_one_error_line(result.stderr), result.stdout)


def invoke(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `pal-judge` in this process (a second or more faster than a new one), with extra
    environment variables; the result has a subprocess's returncode, stdout and stderr. For what
    does not need a process of its own: a kill, a race, a memory limit or a terminal do."""
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200", **(env or {})})
    assert not result.exception or isinstance(result.exception, SystemExit), repr(result.exception)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def run_cli(args: list[str], env: dict[str, str] | None = None, timeout: float = 60,
            memory_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run `pal-judge` in a real subprocess (same interpreter), with extra environment variables;
    `memory_limit` bounds its address space in bytes (so reading without bound fails the test)."""
    full_env = {**os.environ, "COLUMNS": "200", **(env or {})}

    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    return subprocess.run([sys.executable, "-m", "pal_judge", *args], capture_output=True, text=True,
                          env=full_env, timeout=timeout, cwd=REPO, check=False,
                          preexec_fn=limit_memory if memory_limit else None)


def refused_subprocess(args: list[str], env: dict[str, str] | None = None, timeout: float = 60) -> str:
    proc = run_cli(args, env, timeout)
    assert proc.returncode == 2, f"{args}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr + proc.stdout
    return _one_error_line(proc.stderr)


def listing(folder: Path) -> set[str]:
    """Every path under a folder (hidden ones too), to prove nothing was written."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# ---------------------------------------------------------------- cache folders


def session_cache() -> Path:
    """The session's cache folder, with a built rulebook (tests/conftest.py points PAL_JUDGE_CACHE at it)."""
    cache = Path(os.environ["PAL_JUDGE_CACHE"])
    if not list(cache.glob("rulebook-*.json")):
        assert CliRunner().invoke(app, ["rule", "1"]).exit_code == 0
    return cache


def fresh_cache(tmp_path: Path) -> Path:
    """A cache folder holding only a good rulebook cache (so a test pays only for what it tests)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    for rulebook in session_cache().glob("rulebook-*.json"):
        shutil.copy2(rulebook, cache / rulebook.name)
    return cache


def index_folders(cache: Path) -> list[Path]:
    root = cache / "search"
    return sorted(p for p in root.iterdir() if p.name.startswith("sections-")) if root.is_dir() else []


# ---------------------------------------------------------------- a real terminal


def run_in_pty(args: list[str], env: dict[str, str], timeout: float = 60) -> tuple[int, bytes]:
    """Run `pal-judge` with stdout and stderr on a pseudo-terminal (so Rich knows it is a terminal);
    the exit code and every byte the terminal received."""
    import pty
    import select

    main, child = pty.openpty()
    full_env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "50", **env}
    full_env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "pal_judge", *args], stdin=subprocess.DEVNULL, stdout=child,
                            stderr=child, env=full_env, cwd=REPO, close_fds=True)
    os.close(child)
    received = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                received += chunk
            elif proc.poll() is not None:
                break
        else:
            proc.kill()
            raise AssertionError(f"{args}: still running after {timeout} s")
    finally:
        os.close(main)
    return proc.wait(timeout=10), bytes(received)
