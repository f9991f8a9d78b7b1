"""The query language: parse what the user typed, expand it through the glossary,
and compile it to a Whoosh query.

Syntax (Whoosh's, read by our own small parser so that mistakes get a clear
message instead of being silently reinterpreted):

  lucky card stops damage      words next to each other: ranked, not all required
  "turn player"                a phrase
  taunt AND blocker            both;  taunt OR 挑衅: either;  NOT night / ANDNOT / -night: exclude
  (a OR b) c                   grouping
  chapter:9  section:10.5  kind:clause    filters: always required
  term:taunt                   a glossary term, in both languages
  en:word  zh:词  heading:"damage step"   one field only (heading: the heading path; alias title:)
  attack*                      a prefix (English)

Words next to each other bind tighter than AND / OR: `lucky icon AND damage`
means `(lucky icon) AND damage`.

Ranking: English words are stemmed and scored with BM25F over the text and
the heading path down to the section, plus a boosted phrase of the whole run.
A Chinese run is scored over its character bigrams (OR: not every bigram has
to occur, so natural questions work) plus a boosted phrase of the whole run.
Every glossary term found in the query adds its variants in both languages as
boosted phrases (Taunt ⇄ 挑衅, "Lucky icon" ⇄ "lucky Pal icon" ⇄ 幸运图标), and
every player's word of `player_words.yaml` (mulligan, trash, 输了) adds, with a
lower weight, the rulebook phrases it means. The side of the query written in
the other language (glossary translations only) counts `TRANSLATED_WEIGHT`. A second pass
(`coverage.py`) re-weighs the best hits by the share of the question's words they hold.
The weights below were chosen by a grid search on tests/search/relevance.yaml
and checked on tests/search/relevance_heldout.yaml (see bench/bench_search.py).
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple, Union

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh import query as Q

from pal_judge.corpus.glossary import Term
from pal_judge.errors import UserError
from pal_judge.search.analysis import chinese_analyzer, english_analyzer, han_runs_in, nfkc
from pal_judge.search.han import blanked, has_han, is_han
from pal_judge.search.vocabulary import Lexicon

# Field weights (BM25F: the score of each field is multiplied by its weight).
# The text, its heading path, then the questions of the rulings resting on it (`asked_*`).
# 0.2: on bench/questions/search_tuning.yaml recall@5 was EN 0.75 / ZH 0.79 at 0, 0.79 / 0.84
# at 0.2, 0.75 / 0.84 at 0.4, with the relevance set unchanged up to 0.2; held out:
# bench/questions/search_heldout.yaml. English 0.15 since stop 12 (with the second pass and the
# grown set, EN recall@5 56/67 at 0, 57 at 0.2 and 0.4, 58 at 0.1 and 0.15; ZH and the relevance set
# unchanged); the Chinese side keeps 0.2 (0.15 changes nothing there).
EN_FIELDS = (("en", 1.0), ("path_en", 0.6), ("asked_en", 0.15))
ZH_FIELDS = (("zh", 1.0), ("path_zh", 0.6), ("asked_zh", 0.2))
_PATH_WEIGHT = {"en": EN_FIELDS[1][1], "zh": ZH_FIELDS[1][1]}
EN_PHRASE_BOOST = 2.0
# A Chinese run matched whole: 1.0 since stop 12 (a player rarely repeats a ruling's or clause's
# run word for word, and a long shared run over-rewarded a neighbouring ruling): bench/questions/
# tuning.yaml ask top-1 ZH 93 -> 95/108 at 0.5 and 1.0, 93 at 1.5, 2.0 and 3.0; search recall@5
# unchanged from 0.5 to 3.0; the tuning part of tests/rulings/ask_questions.yaml unchanged.
ZH_PHRASE_BOOST = 1.0
CONCEPT_BOOST = 1.0  # a glossary variant of a term in the query (ask's scores and cut-offs rest on it)
# The same in `pal-judge search` (the rulebook with the rulings' questions, then the second pass,
# which already counts a term held in either language): 0.4 since stop 14. The question's own words
# already match; at 1.0 a clause naming the term in every form outranked the one answering the rest
# of the question. Recall@5 on every clause-question set tuned on (kept-back fifths left out), EN / ZH
# of 424 / 316: 374 / 299 at 0, 377 / 298 at 0.3, 380 / 297 at 0.35 and 0.4, 379 / 297 at 0.5,
# 375 / 298 at 0.6, 374 / 299 at 0.7, 372 / 297 at 1.0; every English set gained (+3, +2, +2, +1),
# none lost. Not in `ask`: there it cost 5 right first rulings of 1,014 on its tuning sets.
SEARCH_CONCEPT_BOOST = 0.4
MEANING_BOOST = 0.6  # a rulebook phrase standing for a player's word: a guess
SECTION_NUMBER_BOOST = 3.0
# Whoosh's coordination bonus (0..1) for matching more parts: off, as it cost a quarter
# of the query time and changed no result of the relevance set.
COORDINATION = None
TRANSLATED_WEIGHT = 0.8  # glossary translations of the query, in the other language
# Single characters of a Chinese question (a run of two characters too): weak evidence, but a
# player's word shares characters with the rulebook's (清掉 / 归0, 隐蔽 / 隐密, 无效 / 失败). 0.3 since
# stop 14: recall@5 on every clause-question set tuned on (the kept-back fifths left out) ZH 294 of
# 316 at 0.1 (and at 0, 0.05), 295 at 0.15, 297 at 0.2-0.4, 298 at 0.5; EN unchanged; `ask` (which
# shares it) top-1 852 -> 857 of 1,014 on its tuning sets. A two-character run had none before:
# `search 隐蔽` found nothing.
ZH_UNIGRAM_BOOST = 0.3

LANGS = ("en", "zh", "both")
MAX_QUERY_CHARS = 1000
MAX_NESTING = 50
SECTION_NUMBER_RE = re.compile(r"^\d+(?:\.\d+)*$")
OPERATORS = {"AND", "OR", "NOT", "ANDNOT"}
FILTER_FIELDS = {"chapter": "chapter", "section": "sections", "kind": "kind"}
FIELD_NAMES = ("chapter", "section", "kind", "term", "en", "zh", "heading", "title")
KINDS = ("chapter", "heading", "clause", "ruling")
_FIELD_ALIASES = {"title": "heading"}

# Words of a question that say nothing about the rules (on top of Whoosh's stop list).
EN_QUESTION_WORDS = frozenset(
    "what which who whom whose why how does do did doing done happen happens happened i me my mine "
    "our should would could there their they them he she his her its get gets got any some "
    "about into than then so matter matters".split()
)
# Chinese question particles and filler; a Chinese run is cut at them.
ZH_QUESTION_WORDS = (
    "请问", "什么", "怎么", "怎样", "如何", "是否", "能否", "能不能", "会不会", "是不是", "为什么",
    "还能", "还会", "还要", "的话", "一下", "到底", "行不行", "要不要", "有没有", "算不算",
    "吗", "呢", "吧", "啊", "的", "了",
)
_ZH_STOP_RE = re.compile("|".join(map(re.escape, ZH_QUESTION_WORDS)))

# A player's word the rulebook never uses may be another form of one it does, which Porter's
# stemmer leaves apart: a noun made from a verb ("blocker", "deployment", "playable") or an
# irregular past ("drew", "paid", "dealt"). Such a word is read as its base form, and only when
# the index knows that form and not the word itself.
_DERIVED_SUFFIXES = ("ers", "er", "ments", "ment", "able")
IRREGULAR_PASTS = {
    "drew": "draw", "drawn": "draw", "took": "take", "lost": "lose", "won": "win", "gave": "give",
    "chose": "choose", "paid": "pay", "dealt": "deal", "made": "make", "ran": "run", "sent": "send",
    "spent": "spend", "brought": "bring", "kept": "keep", "fought": "fight", "left": "leave",
    "hid": "hide", "hidden": "hide", "went": "go", "gone": "go", "came": "come", "became": "become",
}

_ASCII_LETTERS = frozenset(string.ascii_letters)
_TOKEN_RE = re.compile(
    r"""(?P<ws>\s+)
      | (?P<lparen>\()
      | (?P<rparen>\))
      | (?P<field>[A-Za-z_]+):(?=[^\s)])
      | (?P<quote>"[^"]*"|“[^”]*”)
      | (?P<badquote>["“”])
      | (?P<word>[^\s()"“”]+)""",
    re.VERBOSE,
)


# ---------------------------------------------------------------- syntax tree


# The nodes are named tuples: a frozen dataclass costs about a millisecond to define, on every start.
class Words(NamedTuple):
    text: str  # a run of bare words, space-joined


class Quoted(NamedTuple):
    text: str


class Field(NamedTuple):
    name: str
    value: str
    quoted: bool


class Not(NamedTuple):
    child: "Node"


class Seq(NamedTuple):
    children: tuple["Node", ...]


class And(NamedTuple):
    children: tuple["Node", ...]


class Or(NamedTuple):
    children: tuple["Node", ...]


Node = Union[Words, Quoted, Field, Not, Seq, And, Or]


class _Tok(NamedTuple):
    kind: str  # lparen rparen field quote word op
    text: str


def _is_excluded_word(value: str) -> bool:
    """A minus sign then a letter or a Chinese character (not compiled as one pattern: a character
    class holding the Han ranges costs ~2 ms to compile on every start)."""
    return value[:1] == "-" and (value[1:2] in _ASCII_LETTERS or is_han(value[1:2]))


def _lex(text: str) -> list[_Tok]:
    tokens: list[_Tok] = []
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup or ""
        value = match.group(0)
        if kind == "ws":
            continue
        if kind == "badquote":
            raise UserError(f"query syntax: unclosed quote (the {value} at character {match.start() + 1})")
        if kind == "quote":
            value = value[1:-1]
        if kind == "field":
            value = match.group("field").lower()
            if value not in FIELD_NAMES:
                known = ", ".join(FIELD_NAMES)
                raise UserError(f"query syntax: unknown field {match.group('field')}: (fields: {known})")
        if kind == "word" and value in OPERATORS:
            kind = "op"
        if kind == "word" and _is_excluded_word(value):  # -deck: NOT deck (but -3000 is a number)
            tokens.append(_Tok("op", "NOT"))
            value = value[1:]
        if kind == "word" and value.endswith(":") and value[:-1].lower() in FIELD_NAMES:
            raise UserError(f'query syntax: {value} needs a word or a "phrase" right after it (no space)')
        tokens.append(_Tok(kind, value))
    return tokens


class _Parser:
    def __init__(self, tokens: list[_Tok]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0  # open parentheses and NOTs: bounded, so a hostile query cannot exhaust the stack

    def peek(self) -> _Tok | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> _Tok:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def parse(self) -> Node:
        node = self.parse_or()
        token = self.peek()
        if token is not None:
            if token.kind == "rparen":
                raise UserError("query syntax: ')' without a matching '('")
            raise UserError(f"query syntax: {token.text} needs something before it")
        if node is None:
            raise UserError("empty query: type some words, a phrase in quotes or a section number")
        return node

    def _operand(self, op: str, parse):  # type: ignore[no-untyped-def]
        node = parse()
        if node is None:
            raise UserError(f"query syntax: {op} needs something after it")
        return node

    def parse_or(self) -> Node | None:
        first = self.parse_and()
        children = [first]
        while (token := self.peek()) is not None and token.kind == "op" and token.text == "OR":
            self.take()
            if first is None:
                raise UserError("query syntax: OR needs something before it")
            children.append(self._operand("OR", self.parse_and))
        return first if len(children) == 1 else Or(tuple(children))  # type: ignore[arg-type]

    def parse_and(self) -> Node | None:
        first = self.parse_seq()
        children = [first]
        while (token := self.peek()) is not None and token.kind == "op" and token.text in ("AND", "ANDNOT"):
            self.take()
            if first is None:
                raise UserError(f"query syntax: {token.text} needs something before it")
            operand = self._operand(token.text, self.parse_seq)
            children.append(Not(operand) if token.text == "ANDNOT" else operand)
        return first if len(children) == 1 else And(tuple(children))  # type: ignore[arg-type]

    def parse_seq(self) -> Node | None:
        items: list[Node] = []
        while (token := self.peek()) is not None and (
            token.kind in ("lparen", "quote", "field", "word") or token.text == "NOT"
        ):
            node = self.parse_unary()
            if isinstance(node, Words) and items and isinstance(items[-1], Words):
                items[-1] = Words(f"{items[-1].text} {node.text}")
            else:
                items.append(node)
        if not items:
            return None
        return items[0] if len(items) == 1 and not isinstance(items[0], Not) else Seq(tuple(items))

    def parse_unary(self) -> Node:
        self.depth += 1
        try:
            return self._unary()
        finally:
            self.depth -= 1

    def _unary(self) -> Node:
        token = self.take()
        if token.kind in ("lparen", "op") and self.depth > MAX_NESTING:
            raise UserError(f"query syntax: more than {MAX_NESTING} nested parentheses or NOTs")
        if token.text == "NOT" and token.kind == "op":
            if (nxt := self.peek()) is None or nxt.kind in ("op", "rparen"):
                raise UserError("query syntax: NOT needs something after it")
            return Not(self.parse_unary())
        if token.kind == "lparen":
            inner = self.parse_or()
            closing = self.peek()
            if closing is None or closing.kind != "rparen":
                raise UserError("query syntax: '(' is never closed")
            self.take()
            if inner is None:
                raise UserError("query syntax: empty parentheses")
            return inner
        if token.kind == "quote":
            return Quoted(token.text)
        if token.kind == "field":
            value = self.peek()
            if value is None or value.kind not in ("word", "quote"):
                raise UserError(f"query syntax: {token.text}: needs a word or a \"phrase\" after it")
            self.take()
            return Field(token.text, value.text, value.kind == "quote")
        return Words(token.text)


def parse(text: str) -> Node:
    """The syntax tree of a query; UserError for an empty query, a syntax mistake or a
    query far longer than any question (which would only cost time)."""
    text = nfkc(text).strip()
    if len(text) > MAX_QUERY_CHARS:
        raise UserError(f"query too long: {len(text)} characters (at most {MAX_QUERY_CHARS})")
    return _Parser(_lex(text)).parse()


# ---------------------------------------------------------------- compiling


class Compiler:
    """Turns a syntax tree into a Whoosh query for one language setting."""

    def __init__(
        self, lexicon: Lexicon, lang: str = "both", expanded: bool = True, known: Callable[[str], bool] | None = None,
        concept_boost: float = CONCEPT_BOOST,
    ) -> None:
        """`expanded=False` leaves out the rulings' questions (`asked_*`): for `ask`, which
        scores those questions itself and must not count them twice. `known(stem)`: does the
        rulebook's English use that stem (words it does not are read as a form it does).
        `concept_boost`: the weight of a glossary term's variants found in the query."""
        if lang not in LANGS:
            raise UserError(f"unknown language {lang!r}: use en, zh or both")
        self.glossary = lexicon.glossary
        self.means = lexicon.means
        self.en = lang in ("en", "both")
        self.expanded = expanded
        self.zh = lang in ("zh", "both")
        self._known = known
        self.concept_boost = concept_boost
        self._en_analyzer = _english_analyzer()
        self.question_stems = {s for w in EN_QUESTION_WORDS for s in self.stems(w)} | EN_QUESTION_WORDS

    def compile(self, node: Node) -> Q.Query:
        query = self._node(node)
        if query is None:
            raise UserError(
                "nothing to search for: the query holds only common words (the, of, 的, 吗 …)"
                + ("" if self.en and self.zh else " in the chosen language")
            )
        return query

    # -- nodes

    def _node(self, node: Node) -> Q.Query | None:
        if isinstance(node, Words):
            return self._text(node.text)
        if isinstance(node, Quoted):
            return self._quoted(node.text, self.fields())
        if isinstance(node, Field):
            return self._field(node)
        if isinstance(node, Not):
            return self._seq((node,))
        if isinstance(node, Seq):
            return self._seq(node.children)
        if isinstance(node, And):
            parts = [q for q in (self._node(c) for c in node.children)]
            if any(p is None for p in parts):
                return None
            return Q.And(parts)  # type: ignore[arg-type]
        parts = [q for q in (self._node(c) for c in node.children) if q is not None]
        return Q.Or(parts) if parts else None

    def _seq(self, children: Iterable[Node]) -> Q.Query | None:
        ranked: list[Q.Query] = []
        required: list[Q.Query] = []
        excluded: list[Q.Query] = []
        for child in children:
            if isinstance(child, Not):
                q = self._node(child.child)
                if q is not None:
                    excluded.append(q)
            elif isinstance(child, Field) and child.name in FILTER_FIELDS:
                required.append(self._field(child))  # type: ignore[arg-type]
            elif (q := self._node(child)) is not None:
                ranked.append(q)
        if not ranked and not required and not excluded:
            return None
        body: Q.Query
        if ranked:
            body = ranked[0] if len(ranked) == 1 else _ranked(ranked)
            if required:
                body = Q.And([body, *required])
        elif required:
            body = required[0] if len(required) == 1 else Q.And(required)
        else:
            body = Q.Every()
        if excluded:
            # And(…, Not(…)), never Whoosh's AndNot: with the plain collector of service.py its
            # matcher returns a first document that the excluded part matches.
            body = Q.And([body, Q.Not(excluded[0] if len(excluded) == 1 else Q.Or(excluded))])
        return body

    def _field(self, node: Field) -> Q.Query | None:
        name, value = node.name, node.value
        if name == "chapter":
            if not value.isdigit():
                raise UserError(f"chapter: takes a chapter number, such as chapter:9 (got {value!r})")
            return Q.Term("chapter", str(int(value)))
        if name == "section":
            if not SECTION_NUMBER_RE.match(value):
                raise UserError(f"section: takes a section number, such as section:10.5 (got {value!r})")
            return Q.Term("sections", value)
        if name == "kind":
            if value.lower() not in KINDS:
                raise UserError(f"kind: is one of {', '.join(KINDS)} (got {value!r})")
            return Q.Term("kind", value.lower())
        if name == "term":
            term = self.glossary.get(value) or self.glossary.lookup(value)
            if term is None:
                raise UserError(f"term: no glossary term {value!r} (use an id such as taunt, or a variant)")
            return Q.Or([Q.Term("terms", term.id), *self._concept(term)])
        fields = {
            "en": EN_FIELDS[:1] if self.en else (),
            "zh": ZH_FIELDS[:1] if self.zh else (),
            "heading": tuple(f for f, on in ((EN_FIELDS[1], self.en), (ZH_FIELDS[1], self.zh)) if on),
        }[_FIELD_ALIASES.get(name, name)]
        if node.quoted:
            return self._quoted(value, fields)
        return self._text(value, fields)

    # -- text

    def fields(self) -> tuple[tuple[str, float], ...]:
        fields = (EN_FIELDS if self.en else ()) + (ZH_FIELDS if self.zh else ())
        return fields if self.expanded else tuple(f for f in fields if not f[0].startswith("asked_"))

    def _text(self, text: str, fields: tuple[tuple[str, float], ...] | None = None) -> Q.Query | None:
        """A run of bare words: its English part and its Chinese part, each ranked on its own,
        glossary terms found in it adding their variants in both languages."""
        fields = self.fields() if fields is None else fields
        if text.endswith("*") and " " not in text and not has_han(text) and len(text) > 2:
            prefix = text[:-1].lower()
            prefixed = [Q.Prefix(f, prefix, boost=w) for f, w in fields if not _is_zh(f)]
            return Q.Or(prefixed) if prefixed else None
        en_fields = tuple(f for f in fields if not _is_zh(f[0]))
        zh_fields = tuple(f for f in fields if _is_zh(f[0]))
        en_parts: list[Q.Query] = []
        zh_parts: list[Q.Query] = []
        stems = [s for s in self.stems(blanked(text)) if s not in self.question_stems]
        for stem in stems:
            if SECTION_NUMBER_RE.match(stem):
                en_parts.append(self._number(stem, zh_fields))
            en_parts.append(_any_field(stem, en_fields))
        if en_fields and len(stems) > 1:
            en_parts.append(Q.Phrase("en", stems, boost=EN_PHRASE_BOOST))
        runs = han_runs(text) if zh_fields else []
        for run in runs:
            zh_parts.extend(self._han(run, zh_fields))
        if fields == self.fields():
            asked_en, asked_zh = " ".join(stems), " ".join(runs)
            for term in self.terms_in(text):
                meant = self.meanings(term)
                en_variants = dict.fromkeys(v for m in meant for v in m.en)
                zh_variants = dict.fromkeys(v for m in meant for v in m.zh)
                player_word = term.id in self.means
                boost = MEANING_BOOST if player_word else self.concept_boost
                en_parts.extend(self._variants(en_variants, "en", asked_en, boost, player_word) if self.en else [])
                zh_parts.extend(self._variants(zh_variants, "zh", asked_zh, boost, player_word) if self.zh else [])
        # A side holding only glossary translations of the query counts less than the side
        # written in the query's own language.
        sides = [
            _ranked(parts, 1.0 if native else TRANSLATED_WEIGHT)
            for parts, native in ((en_parts, bool(stems)), (zh_parts, bool(runs)))
            if parts
        ]
        if not sides:
            return None
        return sides[0] if len(sides) == 1 else Q.Or(sides)

    def _quoted(self, text: str, fields: tuple[tuple[str, float], ...]) -> Q.Query | None:
        parts: list[Q.Query] = []
        for field, weight in fields:
            words = self.zh_tokens(text) if field.endswith("zh") else self.stems(text)
            if words:
                parts.append(_phrase(field, words, weight))
        term = self.glossary.lookup(text)
        if term is not None and fields == self.fields():
            parts.extend(self._concept(term))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else Q.Or(parts)

    def _number(self, number: str, zh_fields: tuple[tuple[str, float], ...]) -> Q.Query:
        """A section number inside a query: the section itself, and clauses citing it."""
        cites = [Q.Term("zh", number)] if zh_fields else []
        return Q.Or([Q.Term("sections", number, boost=SECTION_NUMBER_BOOST), *cites])

    def _han(self, run: str, zh_fields: tuple[tuple[str, float], ...]) -> list[Q.Query]:
        """A Chinese run: its bigrams (OR), a boosted phrase of the whole run, and its single
        characters as weak evidence (a question rarely repeats the rule's words exactly), a run
        of two characters included (a word the rulebook writes otherwise: 隐蔽 / 隐密)."""
        tokens = self.zh_tokens(run)
        parts: list[Q.Query] = [_any_field(tok, zh_fields) for tok in tokens]
        if len(run) > 1 and any(f == "zh" for f, _ in zh_fields):
            if len(tokens) > 1:
                parts.append(Q.Phrase("zh", tokens, boost=ZH_PHRASE_BOOST))
            if ZH_UNIGRAM_BOOST:
                parts.extend(Q.Term("zh", ch, boost=ZH_UNIGRAM_BOOST) for ch in dict.fromkeys(run))
        return parts

    def _concept(self, term: Term) -> list[Q.Query]:
        """Every variant of a glossary term, as phrases, in the languages searched."""
        return (self._variants(term.en, "en", "") if self.en else []) + (
            self._variants(term.zh, "zh", "") if self.zh else []
        )

    def _variants(
        self, variants: Iterable[str], field: str, asked: str, boost: float = CONCEPT_BOOST, in_path: bool = False
    ) -> list[Q.Query]:
        """Phrase queries for the variants of a term, skipping those the query already
        asks for word for word (`asked`: the query's stems, or its Chinese runs); `in_path`: in
        the heading path too, at its weight (a player's word may name a whole section: "starting
        life" is the pre-game procedure, 6.2; search tuning ZH +1, relevance ZH +1, EN ±0)."""
        phrases: list[Q.Query] = []
        seen: set[tuple[str, ...]] = set()
        for variant in variants:
            words = tuple(self.stems(variant) if field == "en" else self.zh_tokens(variant))
            if not words or words in seen or _contains(asked, variant if field == "zh" else " ".join(words)):
                continue
            seen.add(words)
            phrases.append(_phrase(field, list(words), boost))
            if in_path:
                phrases.append(_phrase(f"path_{field}", list(words), boost * _PATH_WEIGHT[field]))
        return phrases

    def meanings(self, term: Term) -> list[Term]:
        """A glossary term stands for itself; a player's word for the rulebook phrases it
        means, each with the glossary variants of that phrase."""
        phrases = self.means.get(term.id)
        if phrases is None:
            return [term]
        en = tuple(p for p in phrases if not has_han(p))
        meant = [Term(term.id, "meaning", en, tuple(p for p in phrases if has_han(p)))]
        for phrase in phrases:
            found = self.glossary.lookup(phrase)
            if found is not None and found.id not in self.means:
                meant.append(found)
        return meant

    def terms_in(self, text: str) -> list[Term]:
        found = self.glossary.terms_in_en(text) + self.glossary.terms_in_zh(text)
        return list({t.id: t for t in found}.values())

    def stems(self, text: str) -> list[str]:
        return [self._known_form(stem) for stem in _analysed_en(text)]

    @lru_cache(maxsize=4096)  # noqa: B019 (one compiler per searcher, kept for the process)
    def _known_form(self, stem: str) -> str:
        return stem if self._known is None else base_form(stem, self._known, self._en_analyzer)

    def zh_tokens(self, text: str) -> list[str]:
        return list(_analysed_zh(text))


# The analyzers are the same for every compiler (and an index's own `known` words only come after,
# in `_known_form`): a text's words are worked out once per process, not once per compiler (`ask`
# makes four, each stemming the question words and the question).
_english_analyzer = lru_cache(maxsize=1)(english_analyzer)
_chinese_analyzer = lru_cache(maxsize=1)(chinese_analyzer)


@lru_cache(maxsize=4096)
def _analysed_en(text: str) -> tuple[str, ...]:
    """The English analyzer's words of `text` as a query: lower case, stemmed, no stop words."""
    return tuple(token.text for token in _english_analyzer()(text, mode="query"))


@lru_cache(maxsize=4096)
def _analysed_zh(text: str) -> tuple[str, ...]:
    """The Chinese analyzer's tokens of `text` as a query."""
    return tuple(token.text for token in _chinese_analyzer()(text, mode="query"))


def _contains(asked: str, wanted: str) -> bool:
    """Is `wanted` already part of the query (whole words for English, any substring for Chinese)?"""
    if not asked:
        return False
    if has_han(wanted):
        return wanted in asked
    return f" {wanted} " in f" {asked} "


def _is_zh(field: str) -> bool:
    return field == "zh" or field.endswith("_zh")


def _phrase(field: str, words: list[str], boost: float) -> Q.Query:
    """Words in this order in one field (a single word: a plain term)."""
    return Q.Term(field, words[0], boost=boost) if len(words) == 1 else Q.Phrase(field, words, boost=boost)


def _any_field(word: str, fields: tuple[tuple[str, float], ...]) -> Q.Query:
    terms = [Q.Term(f, word, boost=w) for f, w in fields]
    return terms[0] if len(terms) == 1 else Q.Or(terms)


def _ranked(parts: list[Q.Query], boost: float = 1.0) -> Q.Query:
    if len(parts) == 1:
        return parts[0].with_boost(parts[0].boost * boost) if boost != 1.0 else parts[0]
    return Q.Or(parts, scale=COORDINATION, boost=boost) if COORDINATION else Q.Or(parts, boost=boost)


def base_form(stem: str, known: Callable[[str], bool], analyzer) -> str:  # type: ignore[no-untyped-def]
    """`stem`, or the stem of its base form when `known` (the rulebook's English) lacks `stem` but
    has that (see IRREGULAR_PASTS); `analyzer`: the English analyzer, to stem the base form."""
    if known(stem):
        return stem
    bases = [IRREGULAR_PASTS[stem]] if stem in IRREGULAR_PASTS else []
    bases += [stem[: -len(end)] for end in _DERIVED_SUFFIXES if stem.endswith(end) and len(stem) - len(end) >= 3]
    for base in bases:
        for token in analyzer(base, mode="query"):
            if known(token.text):
                return token.text
    return stem


def has_term(reader, field: str, token: str) -> bool:  # type: ignore[no-untyped-def]
    """Does the index (its `reader`) hold `token` in `field`?"""
    return (field, token) in reader


def han_runs(text: str) -> list[str]:
    """The Chinese parts of a text, cut at question words and punctuation."""
    runs: list[str] = []
    for piece in _ZH_STOP_RE.split(text):
        runs.extend(han_runs_in(piece))
    return runs
