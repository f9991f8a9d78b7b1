"""The words a query is expanded with: the glossary, plus table talk (`player_words.yaml`).

Each entry `{say: [...], means: [...]}` of `player_words.yaml` becomes a
`Term` whose variants are the `say` words (so the glossary's matching rules
find them in a query), and `means` maps that term's id to the rulebook phrases
to search for instead. These live only inside the search index: the shared
glossary is untouched. A `Lexicon` is saved as JSON beside each index, so a
search never re-reads YAML.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from pal_judge.corpus.glossary import Glossary, Term, load_glossary
from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, non_empty_strings, require_mapping
from pal_judge.fingerprint import fingerprint
from pal_judge.json_cache import cached_json
from pal_judge.search.han import has_han

PLAYER_WORDS = Path(__file__).resolve().parent / "player_words.yaml"
_PREFIX = "say:"


class Lexicon(NamedTuple):  # a named tuple: a frozen dataclass costs about a millisecond to define, on every search
    glossary: Glossary  # the rulebook's terms, then one term per player-words entry
    means: Mapping[str, tuple[str, ...]] = MappingProxyType({})  # player-word term id -> rulebook phrases

    def to_json(self) -> dict[str, Any]:
        terms = [
            {"id": t.id, "kind": t.kind, "en": list(t.en), "zh": list(t.zh), "defined_in": t.defined_in}
            for t in self.glossary.terms
        ]
        return {"terms": terms, "means": {k: list(v) for k, v in self.means.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Lexicon":
        terms = tuple(
            Term(d["id"], d["kind"], tuple(d["en"]), tuple(d["zh"]), d.get("defined_in")) for d in data["terms"]
        )
        return cls(Glossary(terms), {k: tuple(v) for k, v in data["means"].items()})


def player_words(path: Path = PLAYER_WORDS) -> tuple[tuple[Term, tuple[str, ...]], ...]:
    """Each entry of player_words.yaml as (term holding the `say` words, the `means` phrases).
    The entries are read from the YAML once per version of the file and kept as plain JSON in the
    cache (`cached_json`, keyed by the file's bytes and this code): composing the YAML costs more
    than the rest of a lexicon, and every build of an index makes one."""
    key = fingerprint("player-words", (path, Path(__file__)))
    return cached_json("player-words", key, lambda: _read_entries(path), read=_as_terms)


def _read_entries(path: Path) -> list[list[list[str]]]:
    """Each entry's `say` and `means` lists, checked (an error names the file and line)."""
    entries = []
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("say", "means"))
        lists = []
        for key in ("say", "means"):
            if not non_empty_strings(entry[key]):
                raise DataFileError(path, line, f"{key} must be a non-empty list of strings")
            lists.append([word.strip() for word in entry[key]])
        entries.append(lists)
    return entries


def _as_terms(entries: Any) -> tuple[tuple[Term, tuple[str, ...]], ...]:
    """The entries `_read_entries` gives, each as its term and phrases (ValueError for anything else:
    a cached value it never wrote)."""
    if not isinstance(entries, list):
        raise ValueError("not a list of player-words entries")
    terms = []
    for say, means in entries:
        if not (non_empty_strings(say) and non_empty_strings(means)):
            raise ValueError("not a player-words entry")
        term = Term(
            id=f"{_PREFIX}{say[0]}",
            kind="player-word",
            en=tuple(w for w in say if not has_han(w)),
            zh=tuple(w for w in say if has_han(w)),
        )
        terms.append((term, tuple(means)))
    return tuple(terms)


def load_lexicon(glossary: Glossary | None = None) -> Lexicon:
    glossary = glossary if glossary is not None else load_glossary()
    words = player_words()
    return Lexicon(Glossary(glossary.terms + tuple(t for t, _ in words)), {t.id: means for t, means in words})
