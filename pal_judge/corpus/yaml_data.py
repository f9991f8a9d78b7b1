"""Read the small YAML data files of `rules/` with line numbers for every error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pal_judge.errors import UserError

MAX_DEPTH = 100  # collections inside collections; the data files of rules/ need 4


class DataFileError(UserError):
    """A data file under rules/ is malformed; the message names the file and line."""

    def __init__(self, path: Path, line: int | None, message: str) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = path
        self.line = line


def load_yaml_list(path: Path) -> list[tuple[int, Any]]:
    """The items of a YAML file holding a list, each with its 1-based line number.

    A missing file reads as an empty list. Parsing uses the safe loader only (libyaml's when
    installed), composing the node tree once for both the values and their lines.
    """
    import yaml  # here, not at module level: `pal-judge rule` reads the cache and never needs it

    if not path.is_file():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        raise DataFileError(path, line, "not UTF-8 text; save the file as UTF-8") from None
    except OSError as err:
        raise DataFileError(path, None, f"cannot read: {err.strerror or err}") from None
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed: 15× faster
    try:
        if first_deeper_than(yaml.parse(text, Loader=loader_class), MAX_DEPTH) is not None:
            raise DataFileError(path, None, "not valid YAML: nested too deeply to read")
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(err, "problem", None) or str(err)
        raise DataFileError(path, line, f"not valid YAML: {problem}") from None
    except RecursionError:
        raise DataFileError(path, None, "not valid YAML: nested too deeply to read") from None
    _reject_duplicate_keys(path, node)
    if data is None:
        return []
    if not isinstance(data, list) or not isinstance(node, yaml.SequenceNode):
        raise DataFileError(path, 1, "expected a list of entries")
    return [(item.start_mark.line + 1, value) for item, value in zip(node.value, data)]


def first_deeper_than(events: Any, limit: int) -> Any:
    """The mark of the first collection nested deeper than `limit` in an event stream, or None.
    libyaml composes recursively in C and crashes the interpreter on hostile nesting, so the depth
    is measured first, from the parser's events (a loop, not a recursion), stopping at the first."""
    import yaml

    depth = 0
    for event in events:
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > limit:
                return event.start_mark
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
    return None


def _reject_duplicate_keys(path: Path, node: Any) -> None:
    """yaml.safe_load keeps the last of two equal keys silently; a data file must not lose the first."""
    import yaml

    stack, visited = [node], set()
    while stack:
        current = stack.pop()
        if id(current) in visited:  # an alias shares its anchor's node: visit it once (no alias bombs)
            continue
        visited.add(id(current))
        if isinstance(current, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        raise DataFileError(path, key.start_mark.line + 1, f"not valid YAML: duplicate key '{key.value}'")
                    seen.add(key.value)
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def require_mapping(path: Path, line: int, item: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """Check an entry is a mapping with the required keys."""
    if not isinstance(item, dict):
        raise DataFileError(path, line, "each entry must be a mapping")
    missing = [k for k in keys if k not in item]
    if missing:
        raise DataFileError(path, line, f"entry lacks {', '.join(missing)}")
    return item


def non_empty_strings(value: Any) -> bool:
    """Whether `value` is a non-empty list of strings, none of them blank (a glossary term's words,
    a player's words)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v.strip() for v in value)
