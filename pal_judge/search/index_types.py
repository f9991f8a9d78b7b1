"""What an index's files name: the schema's `Text` field and the `Codec`.

Whoosh pickles the schema and each segment's codec into the index's table of contents, so
opening an index imports this module (and keeps its classes at this module path; `INDEX_FORMAT`
in `store.py` is bumped whenever what they write changes). Writing an index needs Whoosh's
writing machinery and ours (`backend.py`): the codec imports its writers when a build asks for
them, so that a search on an index already built loads none of it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import TEXT
from whoosh.formats import Positions

from pal_judge.search.analysis import index_positions

if TYPE_CHECKING:
    from pal_judge.search.backend import PerDocumentWriter, TermPostingsWriter, TermsWriter

_POSITIONS = Positions()  # its encoding of positions depends on nothing else
BLOCK_LIMIT = 128  # postings per block of a posting list (Whoosh's default)
WordPostings = tuple[Sequence[str], Sequence[tuple[float, Any]]]  # a value's words, and each one's posting: (weight, value)


class Text(TEXT):
    """Whoosh's TEXT field (positions, for phrases), each distinct raw word of its values analysed
    once per build (`index_positions`). Its postings (`word_postings`) hold what Whoosh's
    `Positions.word_values` gives (same words, weights and encoded positions). It is never
    boosted (no `field_boost`), so a word's weight is its frequency."""

    def __init__(self, analyzer: Any, stored: bool = False, words: dict[str, tuple[str, ...]] | None = None) -> None:
        """`words`: what each raw word becomes (`index_positions`), shared by the fields of one analyzer."""
        super().__init__(analyzer=analyzer, stored=stored)
        self._words = {} if words is None else words

    def word_postings(self, value: str) -> tuple[WordPostings, int]:
        """The words of `value` and each one's posting, and the value's length (its words'
        frequencies added up)."""
        positions = index_positions(self.analyzer, value, self.__dict__.setdefault("_words", {}))
        postings = [_once(found[0]) if len(found) == 1 else _several(tuple(found)) for found in positions.values()]
        return (tuple(positions), postings), sum(map(len, positions.values()))

    def forget_words(self) -> None:
        self.__dict__.get("_words", {}).clear()

    def __getstate__(self) -> dict[str, Any]:  # the schema is pickled into the index: never the words
        return {name: value for name, value in self.__dict__.items() if name != "_words"}


@lru_cache(maxsize=16384)
def _several(positions: tuple[int, ...]) -> tuple[float, bytes]:
    """The posting of a word found at `positions` in a value: its weight (each token weighs 1.0,
    our tokenizers' boost) and Whoosh's encoding of the positions (a tenth as many distinct
    lists as words indexed: most words occur once, at one of a few hundred positions)."""
    return float(len(positions)), _POSITIONS.encode(list(positions))


@lru_cache(maxsize=4096)
def _once(position: int) -> tuple[float, bytes]:
    """`_several` of a word found once in a value (four postings in five), looked up by its position
    without making a tuple of it; the very same posting each time, shared by all its terms' lists."""
    return _several((position,))


class Codec(W3Codec):
    """Whoosh's codec, without posting blocks' minimum and maximum field lengths: Whoosh reads
    them only to skip blocks that cannot make the top hits, which `scores.py` never does (every
    score is computed from each document's own length), and looking them up costs a tenth of
    the build. Posting blocks unzipped: compressing thousands of tiny blocks (most terms occur
    in a clause or two) cost a fifth of the build; each block says whether it is compressed.
    A posting list that fits in one block is kept in the term's entry of the terms table
    (`TermsWriter._add_inline`)."""

    length_stats = False

    def __init__(self) -> None:
        super().__init__(blocklimit=BLOCK_LIMIT, compression=0)

    def field_writer(self, storage: Any, segment: Any) -> "TermsWriter":
        from pal_judge.search.backend import TermsWriter  # writing: imported by a build only

        return TermsWriter(self, storage, segment)

    def per_document_writer(self, storage: Any, segment: Any) -> "PerDocumentWriter":
        from pal_judge.search.backend import PerDocumentWriter  # writing: imported by a build only

        return PerDocumentWriter(self, storage, segment)

    def postings_writer(self, dbfile: Any, byteids: bool = False) -> "TermPostingsWriter":
        from pal_judge.search.backend import TermPostingsWriter  # writing: imported by a build only

        return TermPostingsWriter(dbfile, blocklimit=self._blocklimit, byteids=byteids,
                                  compression=self._compression, inlinelimit=self._inlinelimit)
