"""Issue 13, items 2 and 3: text from files never takes over the terminal and is never Rich markup.

A rulings file and a rules folder carrying escape sequences (an OSC 52 clipboard write, a screen
clear, a window title, hidden text, a disguised hyperlink) and Rich markup (`[/]`, `[link=…]`) are
shown by every terminal-facing command on a real pseudo-terminal: the only escape sequences the
terminal receives are Rich's own colours, and the hostile ones appear as visible text.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hostile import REPO, fresh_cache, invoke, refused, run_in_pty

# In YAML double quotes, \e is ESC and \a is BEL.
CLIPBOARD = r"\e]52;c;cGF5bG9hZA==\a"
CLEAR = r"\e[2J"
TITLE = r"\e]0;pwned-title\a"
HIDDEN = r"\e[8mhidden\e[0m"
LINK = r"\e]8;;http://evil.example\e\\click\e]8;;\e\\"
MARKUP = "[/] [link=http://evil.example]here[/link] [bold"

CARD = f"Zorblax {TITLE} {MARKUP}"
RULING = f'''rulings:
  - id: hostile-taunt-ruling
    question:
      en: "Does Zorblax taunt {CLIPBOARD} when it {CLEAR} attacks {MARKUP}?"
    answer:
      en: "Zorblax answer {TITLE} with {HIDDEN} text and {LINK} {MARKUP}"
    cites: ["12.10"]
    tags: ["tag{CLEAR}{MARKUP}"]
    source: {{kind: rulebook, ref: "ref {CLIPBOARD}", date: 2026-11-30}}
    scenario:
      cards:
        "{CARD}": {{cost: 0}}
      setup:
        turn: A
        A: {{hand: ["{CARD}"]}}
      steps:
        - play: "{CARD}"
'''
HEADING = f"Taunt {TITLE} {CLEAR} {MARKUP}"

# Rich's own output on a terminal: colours and styles (SGR) only.
RICH_SGR = re.compile(rb"\x1b\[[0-9;]*m")


@pytest.fixture(scope="module")
def hostile_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    base = tmp_path_factory.mktemp("terminal")
    rulings = base / "rulings"
    rulings.mkdir()
    (rulings / "hostile.yaml").write_text(RULING, encoding="utf-8")
    rules = base / "rules"
    shutil.copytree(REPO / "rules", rules)
    headings = rules / "headings_en.yaml"
    text = headings.read_text(encoding="utf-8")
    assert '{number: "12.10", en: "Taunt"}' in text
    headings.write_text(text.replace('{number: "12.10", en: "Taunt"}', f'{{number: "12.10", en: "{HEADING}"}}'),
                        encoding="utf-8")
    env = {"PAL_JUDGE_RULINGS": str(rulings), "PAL_JUDGE_RULES": str(rules),
           "PAL_JUDGE_CACHE": str(fresh_cache(base))}
    built = invoke(["index"], env)  # build before the terminal runs: no spinner in them
    assert built.returncode == 0, built.stderr
    return env


@pytest.mark.parametrize("args,shown", [
    (["ask", "does", "Zorblax", "taunt", "when", "it", "attacks"], [rb"\x1b]52;c;", rb"\x1b]0;pwned-title\x07"]),
    (["replay", "hostile-taunt-ruling"], [rb"\x1b]52;c;", rb"Zorblax \x1b]0;pwned-title\x07 [/]"]),
    (["rulings", "list"], [rb"tag\x1b[2J[/]"]),
    (["rule", "12.10"], [rb"Taunt \x1b]0;pwned-title\x07 \x1b[2J [/]"]),
    (["toc", "12"], [rb"Taunt \x1b]0;pwned-title\x07"]),
    (["search", "taunt"], [rb"Taunt \x1b]0;pwned-title\x07"]),
], ids=lambda value: value[0] if isinstance(value, list) and isinstance(value[0], str) else "")
def test_no_escape_from_file_text_reaches_the_terminal(hostile_env: dict[str, str], args: list[str],
                                                       shown: list[bytes]) -> None:
    code, received = run_in_pty(args, hostile_env)
    assert code == 0, received.decode(errors="replace")
    assert b"Traceback" not in received and b"MarkupError" not in received
    foreign = RICH_SGR.sub(b"", received)
    assert b"\x1b" not in foreign and b"\x07" not in foreign and "\x9b".encode() not in foreign, foreign[:2000]
    assert b"\x1b[8m" not in received  # hidden text: Rich's own output never conceals
    for visible in shown:  # and the hostile text is there, readable
        assert visible in received, (visible, received.decode(errors="replace")[:3000])


def test_markup_in_an_answer_is_shown_as_written(hostile_env: dict[str, str]) -> None:
    code, received = run_in_pty(["ask", "--no-replay", "Zorblax", "taunt", "attacks"], hostile_env)
    assert code == 0
    assert b"[link=http://evil.example]here[/link]" in received  # literal text, not a hidden hyperlink
    assert b"\x1b]8;" not in received


def test_an_echoed_argument_is_one_visible_line() -> None:
    message = refused(["rule", "Taunt\x1b]52;c;cGF5bG9hZA==\x07\nwarning: fake"]).message
    assert "\x1b" not in message and "\\x1b]52" in message
    assert "\\x0awarning: fake" in message or "\\nwarning: fake" in message  # shown: no second line is faked


def test_a_file_name_with_a_newline_cannot_fake_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "case\nwarning: all rulings verified.yaml"
    path.write_text("setup: [", encoding="utf-8")
    proc = invoke(["replay", str(path)])
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "\\x0awarning: all rulings verified" in lines[0]


def test_a_huge_card_name_gives_a_short_error_line(tmp_path: Path) -> None:
    name = "X" * 1_500_000
    path = tmp_path / "case.yaml"
    path.write_text(f"setup:\n  turn: A\n  A: {{hand: [{name}]}}\n", encoding="utf-8")
    proc = invoke(["replay", str(path)])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr) < 5_000 and "more characters" in proc.stderr, len(proc.stderr)
