"""Hostile scenario and ruling files: one error line naming file, line and field; exit 2; nothing written."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hostile import listing, refused, refused_subprocess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GOOD = """\
cards:
  Grizzbolt: {power: 5000, strike: 3, keywords: [Breakthrough]}
  Tombat: {power: 2000, strike: 1, keywords: [Retaliate]}
setup:
  turn: A
  A: {base: [Grizzbolt]}
  B: {base: [Tombat], deck: 10}
steps:
  - attack: Grizzbolt -> B
  - block: Tombat
expect:
  zone: {Grizzbolt: graveyard, Tombat: graveyard}
  life: {B: 7}
"""

LAUGHS = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip([None, "a", "b", "c", "d", "e", "f", "g", "h"], "abcdefghi")
) + "setup: {turn: A, A: {hand: *i}}\n"

# (file text, what the one error line must say: "case.yaml:LINE: ..." fragments)
CASES = {
    "tab indentation": ("setup:\n\tturn: A\n", [":2:", "YAML syntax error", "'\\t'"]),
    "duplicate key": ("setup:\n  turn: A\n  turn: B\n", [":3:", "duplicate key 'turn'", "line 2"]),
    "unknown field": ("setup:\n  turn: A\n  bogus: 1\n", [":3:", "unknown field 'bogus' in setup"]),
    "misspelt field": ("setup:\n  turn: A\n  A: {lfie: 3}\n", [":3:", "unknown field 'lfie'", "did you mean life"]),
    "wrong type": ("setup:\n  turn: A\n  A: {life: ten}\n", [":3:", "'life' must be a whole number", "'ten'"]),
    "list for a mapping": ("setup: [1, 2]\n", [":1:", "'setup' must be a mapping"]),
    "huge deck": ("setup:\n  turn: A\n  A: {deck: 999999999999}\n", [":3:", "'deck' 999999999999", "at most"]),
    "huge deck size": ("setup:\n  turn: A\n  A: {deck: {size: 10000000000}}\n", [":3:", "deck size"]),
    "negative deck": ("setup:\n  turn: A\n  A: {deck: -5}\n", [":3:", "'deck' must be 0 or more, not -5"]),
    "negative damage": ("setup:\n  turn: A\n  A: {base: [{card: normal, damage: -1}]}\n", [":3:", "'damage' must be 0 or more"]),
    "seven pals": ("setup:\n  turn: A\n  A: {base: [normal, normal, normal, normal, normal, normal, normal]}\n",
                   [":3:", "7 Pals", "pal limit is 5", "4.4.5"]),
    "eleven souls": ("setup:\n  turn: A\n  A: {souls: 8, soul_deck: 3}\n", [":3:", "11 souls", "6.1.2"]),
    "deep nesting": ("setup: " + "[" * 5000 + "]" * 5000 + "\n", [":1:", "nested more than 40 levels"]),
    "an alias nested in itself": ("setup: &a [*a]\n", [":1:", "nested more than"]),
    "nesting past the limit": ("setup: " + "[" * 60 + "]" * 60 + "\n", [":1:", "nested more than"]),
    "billion laughs": (LAUGHS, ["expands to more than", "aliases"]),
    "python object tag": ("setup: !!python/object/apply:os.system ['touch pwned']\n",
                          [":1:", "unsupported YAML tag '!!python/object/apply:os.system'"]),
    "python name tag": ("setup:\n  turn: !!python/name:os.system\n", [":2:", "unreadable value"]),
    "unknown card": ("setup:\n  turn: A\n  A: {base: [Nosuchcard]}\n", [":3:", "unknown card 'Nosuchcard' in base"]),
    "unknown keyword": ("cards:\n  X: {keywords: [Tuant]}\nsetup:\n  turn: A\n  A: {base: [X]}\n",
                        [":2:", "unknown keyword 'Tuant'", "did you mean Taunt"]),
    "unknown trigger": (("cards:\n  X: {abilities: [{kind: auto, trigger: on_deplyo, effect: []}]}\n"
                         "setup:\n  turn: A\n  A: {base: [X]}\n"), ["abilities[0].trigger", "on_deplyo"]),
    "wrong effect amount": (("cards:\n  X: {abilities: [{kind: auto, trigger: on_deploy, "
                             "effect: [{do: draw, amount: lots}]}]}\nsetup:\n  turn: A\n  A: {base: [X]}\n"),
                            ["abilities[0].effect[0].amount", "'lots'"]),
    "an event in the base": ("cards:\n  Boom: {type: event}\nsetup:\n  turn: A\n  A: {base: [Boom]}\n",
                             [":5:", "only Pals, structures and gear stand in a base"]),
    "step naming no card": (GOOD.replace("block: Tombat", "block: Tomcat"), [":10:", "no card called 'Tomcat'"]),
    "empty file": ("", [":1:", "empty"]),
    "a hand of 1500 cards": ("setup:\n  turn: A\n  A:\n    hand: [" + ", ".join(["normal"] * 1500) + "]\n",
                             [":4:", "'hand' lists 1500 cards", "at most 1000"]),
    "a base of 1001 structures": ("cards:\n  Wall: {type: structure, power: 1000}\nsetup:\n  turn: A\n  A:\n"
                                  "    base: [" + ", ".join(["Wall"] * 1001) + "]\n", [":6:", "'base' lists 1001"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_scenario_file_is_refused_with_its_line(tmp_path: Path, name: str) -> None:
    text, fragments = CASES[name]
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    before = listing(tmp_path)
    started = time.perf_counter()
    message = refused(["replay", str(path), "--save-at", "0", str(tmp_path / "saved.yaml")]).message
    assert time.perf_counter() - started < 10, f"{name}: took too long"
    assert message.startswith(str(path)), message
    for fragment in fragments:
        assert fragment in message, f"{name}: {fragment!r} not in {message!r}"
    assert listing(tmp_path) == before  # --save-at left nothing behind, and no 'pwned' file appeared
    assert not (Path.cwd() / "pwned").exists()


def test_non_utf8_scenario_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_bytes(b"setup:\n  turn: A\n  A: {hand: [\xff\xfe]}\n")
    message = refused(["replay", str(path)]).message
    assert message.startswith(f"{path}:3:") and "not UTF-8" in message


def test_a_good_scenario_still_replays(tmp_path: Path) -> None:
    """The checks above refuse only what is wrong: the same file without the mistake runs."""
    from typer.testing import CliRunner

    from pal_judge.cli import app

    path = tmp_path / "case.yaml"
    path.write_text(GOOD.replace("A: {base: [Grizzbolt]}", "A: {base: [Grizzbolt, normal, normal, normal, normal], souls: 10}"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--no-board"])
    assert result.exit_code == 0, result.output


def test_save_at_never_overwrites_the_replayed_file(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(GOOD, encoding="utf-8")
    message = refused(["replay", str(path), "--save-at", "1", str(path)]).message
    assert "already exists" in message
    assert path.read_text(encoding="utf-8") == GOOD  # the judge's scenario is intact


@pytest.mark.parametrize("step,target", [("9", "new.yaml"), ("-1", "new.yaml"), ("1", "afile/new.yaml"),
                                         ("1", "missing-dir/new.yaml")])
def test_save_at_that_cannot_be_done_writes_nothing(tmp_path: Path, step: str, target: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(GOOD, encoding="utf-8")
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    before = listing(tmp_path)
    message = refused(["replay", str(path), "--save-at", step, str(tmp_path / target)]).message
    assert ("steps 0 to 2" in message) if step != "1" else ("cannot write" in message)
    assert listing(tmp_path) == before


# ---------------------------------------------------------------- the rulings folder


def test_missing_rulings_folder(tmp_path: Path) -> None:
    message = refused(["rulings", "list"], {"PAL_JUDGE_RULINGS": str(tmp_path / "nowhere")}).message
    assert "rulings folder not found" in message and "PAL_JUDGE_RULINGS" in message


def test_billion_laughs_through_a_real_process_is_quick(tmp_path: Path) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text(LAUGHS, encoding="utf-8")
    started = time.perf_counter()
    message = refused_subprocess(["replay", str(path)], timeout=30)
    assert "expands to more than" in message
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize("broken", ["missing", "alias-bomb"])
def test_rule_still_shows_the_rulebook_when_the_rulings_are_broken(tmp_path: Path, broken: str) -> None:
    """A judge at the table still reads 9.6.3; only the list of scenarios citing it is lost, with a warning."""
    from typer.testing import CliRunner

    from pal_judge.cli import app

    folder = tmp_path / "rulings"
    if broken == "alias-bomb":
        folder.mkdir()
        (folder / "bad.yaml").write_text(LAUGHS, encoding="utf-8")
    env = {"PAL_JUDGE_RULINGS": str(folder), "COLUMNS": "1000"}
    result = CliRunner().invoke(app, ["rule", "9.6.3", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert '"number": "9.6.3"' in result.stdout
    said = "warning: scenarios citing 9.6.3 not listed" if broken == "missing" else "bad.yaml:1: the file expands"
    assert said in result.stderr
    if broken == "missing":
        message = refused(["rule", "9.6.3", "--replay"], env).message  # a replay does need the rulings
        assert "rulings folder not found" in message


# ---------------------------------------------------------------- any value anywhere (Hypothesis)

_WORDS = ["turn", "A", "B", "base", "hand", "deck", "life", "souls", "card", "state", "damage", "power", "keywords",
          "type", "cost", "abilities", "effect", "kind", "trigger", "do", "amount", "target", "attack", "block",
          "choose", "zone", "pal_limit", "soul_deck", "resources", "phase", "first", "turn_number", "top", "size"]
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=8),
                     st.sampled_from(["A", "B", "normal", "lucky", "Grizzbolt", "Tombat", "main", "rested", "Taunt"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.sampled_from(_WORDS), inner, max_size=4)),
                       max_leaves=12)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.lists(st.sampled_from(["cards", "setup", "steps", "expect", "A", "B", "Grizzbolt", "base", "deck",
                                      0, 1, "zone", "life"]), min_size=1, max_size=3), value=_VALUES)
def test_any_value_anywhere_runs_or_is_one_user_error(tmp_path_factory: pytest.TempPathFactory,
                                                      path: list[str | int], value: object) -> None:
    """Whatever a judge writes at any place of a scenario, the result is a run or a UserError, never a crash."""
    import yaml

    from pal_judge.errors import UserError
    from pal_judge.scenarios import run_scenario
    from pal_judge.scenarios.loader import load_scenario_file

    doc = yaml.safe_load(GOOD)
    node = doc
    for key in path[:-1]:
        inside = node.get(key) if isinstance(node, dict) else (
            node[key] if isinstance(node, list) and isinstance(key, int) and key < len(node) else None)
        if not isinstance(inside, (dict, list)):
            break
        node = inside
    last = path[-1]
    if isinstance(node, dict) and isinstance(last, str) or isinstance(node, list) and isinstance(last, int) and last < len(node):
        node[last] = value
    file = tmp_path_factory.mktemp("fuzz") / "case.yaml"
    file.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        run_scenario(load_scenario_file(file))
    except UserError as err:
        assert err.message.startswith(f"{file}:"), err.message  # it names the file and the line


@pytest.mark.parametrize("text,line", [("setup: {}\n", 1), ("cards: {}\nsetup:\n  {}\n", 3)])
def test_an_empty_setup_names_its_line(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    assert refused(["replay", str(path)]).message == f"{path}:{line}: setup is missing 'turn'"


def test_a_file_of_megabytes_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text("setup:\n  turn: A\n  A:\n    hand: [" + ", ".join(["normal"] * 400_000) + "]\n", encoding="utf-8")
    started = time.perf_counter()
    message = refused(["replay", str(path)]).message
    assert time.perf_counter() - started < 2
    assert message.startswith(f"{path} is ") and "bytes" in message
