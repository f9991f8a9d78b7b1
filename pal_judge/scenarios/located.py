"""YAML read safely, every value remembering the file and line it came from.

`load_located(text, file)` composes the document with the safe loader, rejects
duplicate keys, and returns a tree of `Located` values so that a validator can
say `rulings/keywords.yaml:14: unknown keyword 'Tuant' (did you mean Taunt?)`.
Merge keys (`<<: *anchor`) are flattened so judges can reuse card definitions.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import yaml
from yaml.constructor import SafeConstructor

from pal_judge.corpus.yaml_data import first_deeper_than
from pal_judge.errors import UserError
from pal_judge.textfiles import read_utf8

MAX_DEPTH = 40  # nesting levels a scenario or ruling file may use (real files use fewer than 10)
MAX_VALUES = 50_000  # values a file may expand to through aliases (the largest rulings file has ~1,200)
MAX_BYTES = 2_000_000  # a scenario or rulings file is a few kilobytes; megabytes of YAML take seconds to parse
MAX_REMEMBERED = 128  # parsed files kept per process (the rulings are about 50 files) …
MAX_REMEMBERED_BYTES = 100_000  # … each of at most this many characters (a rulings file has about 10,000)
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


@dataclass(frozen=True)
class Where:
    """A position in a YAML file (1-based line)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"

    def error(self, message: str) -> UserError:
        return UserError(f"{self}: {message}")


@dataclass(frozen=True)
class Located:
    """A YAML value with its position. Mappings hold `dict[str, Located]`, sequences `list[Located]`."""

    value: Any
    where: Where
    key_where: Where | None = None  # for a mapping value: where its key is written

    # -- typed accessors; each raises a UserError naming the line --------------------

    def kind(self) -> str:
        if isinstance(self.value, dict):
            return "mapping"
        if isinstance(self.value, list):
            return "list"
        if self.value is None:
            return "nothing"
        return type(self.value).__name__

    def mapping(self, field: str) -> dict[str, "Located"]:
        if not isinstance(self.value, dict):
            raise self.where.error(f"'{field}' must be a mapping (key: value lines), not {self.kind()}")
        return self.value

    def items(self, field: str) -> list["Located"]:
        if not isinstance(self.value, list):
            raise self.where.error(f"'{field}' must be a list (lines starting with '- '), not {self.kind()}")
        return self.value

    def text(self, field: str) -> str:
        if isinstance(self.value, (dict, list)) or self.value is None or isinstance(self.value, bool):
            raise self.where.error(f"'{field}' must be text, not {self.kind()}")
        return str(self.value)

    def integer(self, field: str) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.where.error(f"'{field}' must be a whole number, not {self.value!r}")
        return self.value

    def natural(self, field: str) -> int:
        number = self.integer(field)
        if number < 0:
            raise self.where.error(f"'{field}' must be 0 or more, not {number}")
        return number

    def boolean(self, field: str) -> bool:
        if not isinstance(self.value, bool):
            raise self.where.error(f"'{field}' must be true or false, not {self.value!r}")
        return self.value

    def plain(self) -> Any:
        """The value with positions stripped (for data handed on as-is)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' when a close choice exists, else ''."""
    pool = list(choices)
    lowered = {c.lower(): c for c in pool}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[close[0]]}?)" if close else ""


def check_fields(node: dict[str, Located], allowed: Iterable[str], owner: str, required: Iterable[str] = (),
                 where: Where | None = None) -> None:
    """Reject unknown and missing fields of a mapping, naming the line of the first offender
    (`where`, the mapping's own position, names the line when the mapping is empty)."""
    allowed_set = list(allowed)
    for key, value in node.items():
        if key not in allowed_set:
            where = value.key_where or value.where
            raise where.error(f"unknown field '{key}' in {owner}{suggest(key, allowed_set)}")
    missing = [name for name in required if name not in node]
    if missing:
        anchor = next(iter(node.values()), None)
        at = anchor.key_where if anchor and anchor.key_where else (anchor.where if anchor else where)
        message = f"{owner} is missing '{missing[0]}'"
        raise (at.error(message) if at else UserError(message))


class _Builder:
    """Turns composed YAML nodes into `Located` trees, rejecting duplicate keys, foreign tags,
    deep nesting through aliases and alias bombs (each with the line where it happens)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.constructor = SafeConstructor()
        self.values = 0

    def where(self, node: yaml.Node) -> Where:
        return Where(self.file, node.start_mark.line + 1)

    def build(self, node: yaml.Node, key_where: Where | None = None, depth: int = 0) -> Located:
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.where(node).error(f"the file expands to more than {MAX_VALUES} values (a rulings file holds "
                                         "about a thousand; aliases repeated inside aliases?); write fewer values")
        if depth > MAX_DEPTH:  # an alias nested in itself, or aliases inside aliases
            raise self.where(node).error(f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
            raise self.where(node).error(f"unsupported YAML tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}'; write plain values")
        if isinstance(node, yaml.MappingNode):
            self.constructor.flatten_mapping(node)
            result: dict[str, Located] = {}
            for key_node, value_node in node.value:
                key_where = self.where(key_node)
                if not isinstance(key_node, yaml.ScalarNode):
                    raise key_where.error("a key must be plain text")
                key = str(self.constructor.construct_object(key_node))
                if key in result:
                    first = result[key].key_where
                    raise key_where.error(f"duplicate key '{key}' (first written at line {first.line if first else '?'})")
                result[key] = self.build(value_node, key_where, depth + 1)
            return Located(result, self.where(node), key_where)
        if isinstance(node, yaml.SequenceNode):
            return Located([self.build(item, None, depth + 1) for item in node.value], self.where(node), key_where)
        try:
            value = self.constructor.construct_object(node)
        except yaml.YAMLError as err:
            raise self.where(node).error(f"unreadable value: {err}") from None
        return Located(value, self.where(node), key_where)


def read_yaml_text(path: Path, shown: str | None = None) -> str:
    """The text of a YAML file; unreadable or non-UTF-8 files are a UserError naming file and line."""
    return read_utf8(path, shown, max_bytes=MAX_BYTES)


def load_located(text: str, file: str) -> Located:
    """Parse one YAML document safely; syntax errors and too deep nesting name the file and line.
    A text read again in the same process (a first `ask` reads the rulings for their words, their
    cards and its replay) is parsed once: the trees are never changed by their readers."""
    if len(text) > MAX_REMEMBERED_BYTES:
        return _parse(text, file)
    return _remembered(text, file)


def _parse(text: str, file: str) -> Located:
    try:
        node = _compose(text, file)
    except yaml.YAMLError:
        node = _compose_reporting(text, file)  # raises the error with the pure-Python parser's words
    if node is None:
        raise UserError(f"{file}:1: the file is empty")
    return _Builder(file).build(node)


_remembered = lru_cache(maxsize=MAX_REMEMBERED)(_parse)


def _compose(text: str, file: str) -> yaml.Node | None:
    """The node tree, composed by libyaml when installed (about 15× faster than the pure-Python
    parser). libyaml composes recursively in C and would crash on hostile nesting, so the depth is
    measured first on the parser's events, in a loop."""
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    too_deep = first_deeper_than(yaml.parse(text, Loader=loader_class), MAX_DEPTH)
    if too_deep is not None:
        raise UserError(f"{file}:{too_deep.line + 1}: nested more than {MAX_DEPTH} levels deep")
    return yaml.compose(text, Loader=loader_class)


def _compose_reporting(text: str, file: str) -> yaml.Node | None:
    """Compose with the pure-Python parser, turning its error into one line naming the file and line
    (its messages name the offending character, libyaml's do not)."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        raise UserError(f"{file}:{line}: YAML syntax error: {err.problem or err}") from None
    except yaml.YAMLError as err:
        raise UserError(f"{file}: YAML error: {err}") from None
