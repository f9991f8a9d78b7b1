"""The on-disk cache of the built Rulebook (and its Glossary).

Keyed by a hash of the rules files, the package version and the corpus sources,
so any change to the texts or to the aligner rebuilds it. Written to a temporary
file in the same folder then `os.replace`d, so a reader never sees half a file;
an unreadable or foreign file is ignored and rebuilt.

The cache is plain JSON, never a pickle: reading a cache file can give wrong data at
worst, never run code. Older rulebook caches are deleted only when the cache folder's
manifest says we wrote them.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, NamedTuple, get_origin, get_type_hints

from pal_judge import __version__
from pal_judge.atomic import write_text_atomic
from pal_judge.cache_manifest import record_replacing
from pal_judge.corpus.glossary import Glossary, Term
from pal_judge.corpus.model import AlignedParagraph, Rulebook, Section
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.prebuilt import cached_then_shipped

# The files of rules/ a Rulebook is built from (the cache key hashes them all).
SOURCE_FILES = ("zh.txt", "en.txt", "glossary.yaml", "alignment_overrides.yaml", "headings_en.yaml")
_FORMAT = 3  # 2: JSON (1 was a pickle); 3: records as rows of values under their field names (_table)


class CachedCorpus(NamedTuple):
    """What the cache file holds (a named tuple: defined at every `rule` and `ask`, where a frozen
    dataclass costs several times more to define)."""

    key: str
    rulebook: Rulebook
    glossary: Glossary


def cache_key(folder: Path, source_files: tuple[str, ...] = SOURCE_FILES) -> str:
    """The rule texts and the code that parses and aligns them."""
    files = [folder / name for name in source_files] + package_sources("corpus")
    return fingerprint(f"pal-judge {__version__} format {_FORMAT}", files, length=64)


def cache_file(cache: Path, key: str) -> Path:
    return cache / f"rulebook-{key[:24]}.json"


def _table(records: tuple[Any, ...], cls: Any) -> dict[str, Any]:
    """Named tuples as JSON: their fields named once, then each record as the row of its values (JSON
    writes a tuple as a list). Objects naming every field in every record made the file a third larger
    and each record a call with keywords to read back, at every `rule` and `ask`."""
    return {"fields": list(cls._fields), "rows": records}


def _records(cls: Any, table: dict[str, Any]) -> tuple[Any, ...]:
    """The `cls` named tuples of a JSON table (as `_table` wrote it): JSON has lists where the model
    has tuples, so the fields typed as tuples are made tuples again (only they: a rulebook is a
    thousand records, read on every `rule` and `ask`); a table whose fields are not exactly the
    class's, in its order, or a row of another length is refused (ValueError)."""
    fields = cls._fields
    if table["fields"] != list(fields):
        raise ValueError(f"{cls.__name__} fields {table['fields']!r}")
    tuple_at = [fields.index(name) for name in _tuple_fields(cls)]
    make = cls._make
    records = []
    for row in table["rows"]:
        if type(row) is not list or len(row) != len(fields):
            raise ValueError(f"a {cls.__name__} row that is not its {len(fields)} fields")
        for index in tuple_at:
            row[index] = tuple(row[index])
        records.append(make(row))
    return tuple(records)


@functools.cache
def _tuple_fields(cls: Any) -> tuple[str, ...]:
    """The fields of the named tuple `cls` whose type is a tuple (`tuple[str, ...]`, `tuple[int, int]`),
    from the resolved annotations, not from how they are written."""
    hints = get_type_hints(cls)
    return tuple(name for name in cls._fields if get_origin(hints[name]) is tuple or hints[name] is tuple)


def _to_json(corpus: CachedCorpus) -> str:
    book = corpus.rulebook
    return json.dumps({
        "key": corpus.key,
        "sections": _table(book.sections, Section),
        "en_paragraphs": list(book.en_paragraphs),
        "alignment": _table(book.alignment, AlignedParagraph),
        "terms": _table(corpus.glossary.terms, Term),
    }, ensure_ascii=False)


def _from_json(data: dict[str, Any]) -> CachedCorpus:
    rulebook = Rulebook(
        sections=_records(Section, data["sections"]),
        en_paragraphs=tuple(data["en_paragraphs"]),
        alignment=_records(AlignedParagraph, data["alignment"]),
    )
    glossary = Glossary(_records(Term, data["terms"]))
    return CachedCorpus(data["key"], rulebook, glossary)


def read_cache(cache: Path, key: str) -> CachedCorpus | None:
    """The cached corpus for `key` (else the one shipped in the package under that key, see
    `prebuilt.py`), or None when absent, stale or unreadable."""
    for data in cached_then_shipped(cache_file(cache, key)):
        try:
            if data["key"] == key:
                return _from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError):  # foreign
            pass
    return None  # rebuild


def write_cache(cache: Path, corpus: CachedCorpus) -> None:
    """Write atomically (temporary file + os.replace); drop older rulebook caches we wrote. Never fails the caller."""
    target = cache_file(cache, corpus.key)
    try:
        cache.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_text_atomic(target, _to_json(corpus), private=True)
        record_replacing(cache, target.name, "rulebook-")
    except OSError:
        pass  # a read-only cache folder only costs speed
