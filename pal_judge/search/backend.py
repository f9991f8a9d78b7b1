"""The Whoosh schema, and writing `IndexDoc`s into an index.

Fields (the query language names some of them, see `query.py`):
  key        section number (or ruling id), unique, stored
  sections   the section number and its prefixes ('10', '10.5', '10.5.1'): `section:10.5`
  chapter    `chapter:9` (searched, not stored: no hit reads it)
  kind       chapter | heading | clause (| ruling): `kind:clause`, stored
  terms      glossary term ids used by the text: `term:taunt` (searched, not stored)
  path_en, path_zh     the heading path down to it ('9 Battle › 9.6 Damage Step'), so '伤害步骤'
                       finds the clauses of 9.6 (for a ruling: its title)
  en, zh     the text itself, stored for display and highlighting
  asked_en, asked_zh   the questions of the rulings resting on the clause (document expansion)

The classes the index's files name (the `Text` field, the `Codec`) are in `index_types.py`: opening
an index imports that module only, and this one (with Whoosh's writing machinery) is imported by a
build.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import pickle
import struct
import tempfile
import zlib
from array import array
from collections import Counter, defaultdict
from itertools import chain
from operator import itemgetter
from typing import Any, Iterable, Iterator

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.codec.whoosh3 import W3FieldWriter, W3PerDocWriter, W3PostingsWriter, W3TermInfo, _lenfield
from whoosh.columns import CompressedBytesColumn, PickleColumn, VarBytesColumn
from whoosh.fields import ID, KEYWORD, STORED, Schema
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.filedb.filetables import OrderedHashWriter
from whoosh.analysis import IDTokenizer, RegexTokenizer
from whoosh.formats import Existence, Frequency
from whoosh.index import Index, create_in, open_dir
from whoosh.system import pack_uint, pack_ushort
from whoosh.util.numeric import length_to_byte
from whoosh.writing import SegmentWriter

from pal_judge.search.analysis import chinese_analyzer, english_analyzer
from pal_judge.search.documents import IndexDoc
from pal_judge.search.index_types import BLOCK_LIMIT, Codec, Text, WordPostings

TermPostings = list[Any]  # a term's postings, flat: document, (weight, value), document, (weight, value), ...
_ENTRY_LENGTHS = struct.Struct("!ii")  # a terms table entry's key and value lengths (Whoosh's `filetables._lengths`)
_SLOT_SIZE = struct.calcsize("!Iq")  # a hash table slot: the key's hash and its entry's position (`filetables._pointer`)
_FREE_SLOT = (0, 0)  # no entry is at position 0 (the table's header is)
_TERM_ENTRY = W3TermInfo._struct  # an entry's fixed part: inlined, weight, df, min and max length, max weight, first and last id


class PerDocumentWriter(W3PerDocWriter):
    """Whoosh's writer of stored fields and lengths, its stored fields column `StoredBytes`, and
    each field's lengths column (`LENGTHS_COLUMN`: a byte per document, `length_to_byte`, 0 for
    none) gathered in memory and written at once at the close: writing it byte by byte went
    through three of Whoosh's file layers per byte."""

    def __init__(self, codec: "Codec", storage: Any, segment: Any) -> None:
        super().__init__(codec, storage, segment)
        self._length_bytes: dict[str, bytearray] = {}

    def _create_column(self, fieldname: str, column: Any) -> None:
        super()._create_column(fieldname, _STORED_FIELDS if fieldname == "_stored" else column)

    def add_field(self, fieldname: str, fieldobj: Any, value: Any, length: int) -> None:
        if value is not None:
            self._storedfields[fieldname] = value
        if length:
            column = self._length_bytes.setdefault(fieldname, bytearray())
            column.extend(bytes(self._docnum - len(column)))  # the documents before without a length
            column.append(length_to_byte(length))
            self._fieldlengths[fieldname] += length

    def close(self) -> None:
        for fieldname, column in self._length_bytes.items():
            # As Whoosh's column writer leaves it: no default byte after the last other one.
            self._cols.create_file(_lenfield(fieldname)).write(bytes(column.rstrip(b"\0")))
        super().close()


class StoredBytes(CompressedBytesColumn):
    """The column of Whoosh's stored fields (`STORED_COLUMN`: each document's pickled fields, a
    zlib stream each), each stream written as stored, uncompressed blocks: compressing a few
    hundred bytes costs little less than setting up zlib's default window and hash tables, which
    `zlib.compress` does for every document; `zlib.decompress` reads either."""

    def writer(self, dbfile: Any) -> "StoredBytes.Writer":
        return self.Writer(dbfile)

    class Writer(VarBytesColumn.Writer):
        def add(self, docnum: int, v: bytes) -> None:
            stream = zlib.compressobj(0, zlib.DEFLATED, 9, 1)  # level 0: stored; the smallest window and state
            super().add(docnum, stream.compress(v) + stream.flush())


_STORED_FIELDS = PickleColumn(StoredBytes())


class TermsWriter(W3FieldWriter):
    """Whoosh's writer of terms and postings, handed each term's postings at once rather than one
    by one (three method calls and five type checks per posting were a third of the build)."""

    def __init__(self, codec: "Codec", storage: Any, segment: Any) -> None:
        super().__init__(codec, storage, segment)
        self._tindex = TermsTable(self._tindex)

    def add_postings(self, schema: Any, lengths: Any, items: Iterable[tuple[str, dict[str, TermPostings]]]) -> None:
        # `lengths` is None: the codec keeps no length statistics (`Codec.length_stats`).
        for fieldname, terms in items:
            field = schema[fieldname]
            valueless = field.format.fixed_value_size() == 0  # an ID field's postings carry no value
            # `make_schema` boosts no field: a weight is a frequency, a whole number that single
            # precision (a posting block's weights) holds exactly.
            assert field.format.field_boost == 1.0, fieldname
            self.start_field(fieldname, field)
            field_key = pack_ushort(self._fieldid)  # a term's key in the terms table: its field's number, its text
            for word in sorted(terms):  # in code point order: the order of their UTF-8 bytes
                postings = terms[word]
                ids = tuple(postings[0::2])
                weights, values = zip(*postings[1::2])
                btext = word.encode("utf-8")
                if len(ids) <= BLOCK_LIMIT:
                    self._add_inline(field_key + btext, ids, weights, (None,) * len(ids) if valueless else values)
                    continue
                self.start_term(btext)
                self._postwriter.add_term_postings(ids, weights, values)
                self.finish_term()
            self.finish_field()

    def _add_inline(self, key: bytes, ids: tuple[int, ...], weights: tuple[float, ...], values: tuple[Any, ...]) -> None:
        """A posting list that fits in one block, kept in the term's entry of the terms table
        (Whoosh's `inlinelimit`, which whoosh-reloaded 2.7.5 cannot write: it calls `set_inline`
        on a term info whose method is `set_inlined`): no block to write, pickle and seek to.
        The entry holds what the block would have: the weights as a block stores them (single
        precision), their sum, the largest weight given, the first and last document, and the
        values as a block reads them back (None each for a field without values). The entry is
        laid out as `W3TermInfo.to_bytes` lays out such a term info (no length statistics: the
        smallest and largest field length stored as 0), packed without building one, its
        postings pickled with protocol 3 (`W3TermInfo.from_bytes` unpickles any): protocol 2,
        which `to_bytes` uses, pickles each bytes value as a call to `_codecs.encode`, seven
        times slower to write (a sixth of the build) and slower to read. The weights are whole
        numbers (`add_postings`): single precision gives them back unchanged."""
        header = _TERM_ENTRY.pack(True, sum(weights), len(ids), 0, 0, max(0, *weights), ids[0], ids[-1])
        self._tindex.add(key, header + pickle.dumps((ids, weights, values), 3))


class TermsTable:
    """The terms table (Whoosh's `OrderedHashWriter`) with its entries written at its close, in
    one write: the bytes `add` writes entry by entry (the key's and value's lengths, the key, the
    value), with the same positions index and hash slots, then the hash tables at once
    (`_hash_tables`). `TermsWriter` adds the keys in ascending order (fields by name, each
    field's terms sorted), as the table requires."""

    def __init__(self, table: OrderedHashWriter) -> None:
        self._table = table
        self._chunks: list[bytes] = []
        self._position = table.dbfile.tell()  # where the next entry goes

    def add(self, key: bytes, value: bytes) -> None:
        table, position = self._table, self._position
        table.index.append(position)
        slot = _md5_slot(key)
        table.buckets[slot & 255].append((slot, position))
        self._chunks += (_ENTRY_LENGTHS.pack(len(key), len(value)), key, value)
        self._position = position + _ENTRY_LENGTHS.size + len(key) + len(value)

    def close(self) -> None:
        table = self._table
        table.dbfile.write(b"".join(self._chunks))
        hashes, table.directory = _hash_tables(table.buckets, self._position)
        table.dbfile.write(hashes)
        table.buckets = []  # written: the table's own `_write_hashes` finds no bucket left to write
        table.close()


def _hash_tables(buckets: list[list[tuple[int, int]]], position: int) -> tuple[bytes, list[tuple[int, int]]]:
    """The bytes of the 256 hash tables `HashWriter._write_hashes` writes from `buckets` at
    `position`, and its directory (each table's position and number of slots): each bucket's
    (hash, entry position) pairs in twice as many slots, from slot `hash >> 8` on to the first
    free one, each slot packed as Whoosh's `_pointer`, a table at a time rather than a slot at a
    time (two writes per term)."""
    tables, directory = [], []
    for entries in buckets:
        size = 2 * len(entries)
        directory.append((position, size))
        slots = [_FREE_SLOT] * size
        for hashed, at in entries:
            slot = (hashed >> 8) % size
            while slots[slot] != _FREE_SLOT:
                slot = (slot + 1) % size
            slots[slot] = (hashed, at)
        tables.append(struct.pack("!" + "Iq" * size, *chain.from_iterable(slots)))
        position += size * _SLOT_SIZE
    return b"".join(tables), directory


def _md5_slot(key: bytes) -> int:
    """Whoosh's `md5_hash` (the low 32 bits of the key's MD5) from the digest's last four bytes,
    without formatting and parsing it as hexadecimal."""
    return int.from_bytes(hashlib.md5(key, usedforsecurity=False).digest()[-4:], "big")


class TermPostingsWriter(W3PostingsWriter):
    """Whoosh's posting-list writer taking one term's postings (ascending document numbers) in
    blocks, each block what `add_posting` would have gathered posting by posting."""

    def add_term_postings(self, ids: tuple[int, ...], weights: tuple[float, ...], values: tuple[bytes, ...]) -> None:
        limit = self._blocklimit
        for start in range(0, len(ids), limit):
            if self._ids:
                self._write_block()
            block_weights = weights[start : start + limit]
            self._ids = array("I", ids[start : start + limit])
            self._weights = array("f", block_weights)
            self._values = [value for value in values[start : start + limit] if value]
            self._maxweight = max(0, *block_weights)


def make_schema() -> Schema:
    en, zh = english_analyzer(), chinese_analyzer()
    en_words: dict[str, tuple[str, ...]] = {}
    return Schema(
        key=ID(stored=True, unique=True),
        sections=KEYWORD(),
        chapter=ID(),
        kind=ID(stored=True, sortable=True),  # sortable: a column, read per hit when re-ranking
        terms=KEYWORD(),
        path_en=Text(en, words=en_words),
        path_zh=Text(zh),
        en=Text(en, stored=True, words=en_words),
        zh=Text(zh, stored=True),
        asked_en=Text(en, words=en_words),
        asked_zh=Text(zh),
        heading_en=STORED(),
        heading_zh=STORED(),
    )


def document_fields(doc: IndexDoc) -> dict[str, str]:
    return {
        "key": doc.key,
        "sections": " ".join(doc.sections),
        "chapter": doc.chapter,
        "kind": doc.kind,
        "terms": " ".join(doc.terms),
        "path_en": doc.heading_en or doc.title_en,
        "path_zh": doc.heading_zh or doc.title_zh,
        "en": doc.en,
        "zh": doc.zh,
        "asked_en": doc.asked_en,
        "asked_zh": doc.asked_zh,
        "heading_en": doc.heading_en,
        "heading_zh": doc.heading_zh,
    }


def _fill(index: Index, docs: Iterable[IndexDoc]) -> Index:
    with _collector_paused():
        writer = Writer(index, codec=Codec())
        try:
            for doc in docs:
                writer.add_document(**document_fields(doc))
        except BaseException:
            writer.cancel()
            raise
        finally:
            for field in writer.schema:
                if isinstance(field, Text):
                    field.forget_words()
        writer.commit()
    return index


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused: a build makes tens of thousands of postings (small
    tuples) that all live until the commit, which the collector would otherwise scan again and
    again, finding no garbage (a twentieth of the build)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Writer(SegmentWriter):
    """Whoosh's segment writer keeping each field's postings grouped by term (`TermPool`), sorted
    once at the commit. Whoosh's own pool weighs every posting as it comes, to spill runs to
    disk past 128 MB; an index of a few megabytes never spills."""

    def __init__(self, index: Index, **kwargs: Any) -> None:
        super().__init__(index, **kwargs)
        self.pool = TermPool()
        self._known: dict[tuple[str, str], tuple[WordPostings, int]] = {}

    def add_document(self, **fields: Any) -> None:
        """Whoosh's `add_document` for the fields `document_fields` gives (no boosts, spelling
        fields or term vectors in `make_schema`): a field's postings handed to the pool at once,
        its length (the frequencies of its words added up) counted once per distinct value."""
        self._check_state()
        docnum, perdoc = self.docnum, self.perdocwriter
        perdoc.start_doc(docnum)
        for name in sorted(fields):
            field, value = self.schema[name], fields[name]
            length = 0
            if field.indexed:
                postings, length = self._indexed(name, field, value)
                self.pool.add_field_postings(name, docnum, postings)
            perdoc.add_field(name, field, value if field.stored else None, length)
            if field.column_type:
                perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def commit(self, *args: Any, **kwargs: Any) -> None:
        super().commit(*args, **kwargs)
        # The postings remembered per value freed now, while `_fill` pauses the collector: the
        # writer outlives the commit in reference cycles, and the collector's first pass after
        # the pause would walk every posting (~80 of its ~90 ms of collecting per build).
        self._known.clear()

    def _indexed(self, name: str, field: Any, value: str) -> tuple[WordPostings, int]:
        """A value's postings in a field and its length there (a scorable field's only), worked
        out once per build: a heading path is repeated in every clause under it, a kind or a
        chapter in many documents, the questions resting on a clause often in its sub-clauses."""
        known = self._known.get((name, value))
        if known is None:
            known = self._known[name, value] = (field.word_postings(value) if isinstance(field, Text)
                                                 else field_postings(field, value))
        return known


def field_postings(field: Any, value: str) -> tuple[WordPostings, int]:
    """`Text.word_postings` of an ID or keyword field of `make_schema`, its postings as Whoosh's
    `Existence` or `Frequency` format gives them, without a token object per word. Its analyzer
    is a tokenizer alone: Whoosh's `IDTokenizer` (the value is one word) or a `RegexTokenizer`
    matching words, without a group (each match a word). A word's weight is the field's boost
    times its frequency (each token weighs 1.0), its value nothing (`Existence`: each word once)
    or its frequency (`Frequency`)."""
    tokenizer, form = field.analyzer, field.format
    if type(tokenizer) is IDTokenizer:
        words = [value]
    else:
        assert type(tokenizer) is RegexTokenizer and not tokenizer.gaps and tokenizer.expression.groups == 0
        words = tokenizer.expression.findall(value)
    scored = field.scorable
    if type(form) is Existence:
        distinct = tuple(dict.fromkeys(words))
        return (distinct, [(form.field_boost, b"")] * len(distinct)), len(distinct) if scored else 0
    assert type(form) is Frequency, form
    counted = Counter(words)
    postings = [(freq * form.field_boost, pack_uint(freq)) for freq in counted.values()]
    return (tuple(counted), postings), len(words) if scored else 0


class TermPool:
    """What `SegmentWriter` asks of its pool (`iter_postings` in order, `cleanup`), each field's
    postings kept by term as they come: the documents come in ascending order, so a term's list
    needs no sorting, and only the terms are sorted at the commit (`TermsWriter.add_postings`).
    A term's list is flat (`TermPostings`): no pair to make and free per posting."""

    def __init__(self) -> None:
        self._fields: dict[str, dict[str, TermPostings]] = {}

    def add_field_postings(self, fieldname: str, docnum: int, postings: WordPostings) -> None:
        terms = self._fields.get(fieldname)
        if terms is None:
            terms = self._fields[fieldname] = defaultdict(list)
        for word, posting in zip(*postings):
            term = terms[word]
            term.append(docnum)
            term.append(posting)

    def iter_postings(self) -> list[tuple[str, dict[str, TermPostings]]]:
        return sorted(self._fields.items(), key=itemgetter(0))

    def cleanup(self) -> None:
        self._fields.clear()


def build_on_disk(folder: str, docs: Iterable[IndexDoc]) -> Index:
    """Create a fresh index in an existing, empty folder."""
    return _fill(create_in(folder, make_schema()), docs)


def build_in_memory(docs: Iterable[IndexDoc]) -> Index:
    """An index in memory, built in a private temporary folder: Whoosh's own in-memory writer
    keeps its scratch files in `<temp>/MAIN.tmp`, one fixed name in a shared folder, which two
    builds at once trample and anyone may have planted as a link."""
    with tempfile.TemporaryDirectory(prefix="pal-judge-index-") as folder:  # 0700
        build_on_disk(folder, docs)
        return copy_to_ram(FileStorage(folder)).open_index()


def contents(folder: str) -> dict[str, object]:
    """Everything a search reads from the index in `folder`, as plain data: each document's stored
    fields and field lengths, and each term's postings (document numbers and encoded values).
    Two indexes with equal contents answer every query alike (`prebuilt.py` ships one)."""
    with open_dir(folder).searcher() as searcher:
        reader = searcher.reader()
        scored = [name for name, field in searcher.schema.items() if field.scorable]
        documents = [(fields, [reader.doc_field_length(number, name) for name in scored])
                     for number, fields in reader.iter_docs()]
        postings = {f"{name}:{term!r}": list(reader.postings(name, term).all_items())
                    for name, term in reader.all_terms()}
    return {"documents": documents, "postings": postings}
