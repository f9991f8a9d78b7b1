"""Find a card by what a judge types: its name in any case, a name it also counts as having,
a unique beginning (`grizz`), or the closest spelling (`Grizbolt`); and spot card names in a
question."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Callable, Sequence

from pal_judge.cards.catalogue import Card
from pal_judge.errors import UserError

SPELLING_CUTOFF = 0.75
MIN_PREFIX = 3
MAX_NAME = 200  # no card name is longer; a longer one is a paste mistake (and slow to compare)
NICKNAME_MIN = 4  # shorter words are too often the start of some name by chance
NICKNAME_CUTOFF = 0.85  # stricter than for a name typed on purpose: a question holds many words
_WORD_RE = re.compile(rf"[a-z]{{{NICKNAME_MIN},}}")


def find_cards(cards: Sequence[Card], typed: str) -> list[Card]:
    """Every definition of the card `typed` names (the rulings may define a name more than once)."""
    wanted = typed.strip().lower()
    if not wanted:
        raise UserError("give a card name, such as Grizzbolt")
    if len(wanted) > MAX_NAME:
        raise UserError(f"a card name of {len(wanted)} characters: card names are at most {MAX_NAME}")
    names = sorted({c.name.lower() for c in cards})
    found = _name_for(wanted, names, cards)
    if found is None:
        starting = [n for n in names if len(wanted) >= MIN_PREFIX and n.startswith(wanted)]
        close = difflib.get_close_matches(wanted, names, n=5, cutoff=SPELLING_CUTOFF)
        candidates = [_shown(cards, n) for n in (starting or close)]
        hint = f"; did you mean {', '.join(candidates[:5])}?" if candidates else "; `pal-judge card --list` lists them"
        raise UserError(f"no card named {typed!r}{hint}")
    return [c for c in cards if c.name.lower() == found]


def rulings_using(cards: Sequence[Card], typed: str) -> list[str]:
    """The ids of the rulings whose boards use the card `typed` names (found as `find_cards`
    finds it: any of its definitions), in the order the catalogue lists them."""
    return list(dict.fromkeys(ruling for card in find_cards(cards, typed) for ruling in card.rulings))


def _name_for(wanted: str, names: list[str], cards: Sequence[Card]) -> str | None:
    """The one card name `wanted` stands for: the name itself, a name a card also has, a
    unique beginning, or the only close spelling; None when it is none or ambiguous."""
    if wanted in names:
        return wanted
    also = {c.name.lower() for c in cards if wanted in (a.lower() for a in c.aliases)}
    starting = [n for n in names if len(wanted) >= MIN_PREFIX and n.startswith(wanted)]
    close = difflib.get_close_matches(wanted, names, n=2, cutoff=SPELLING_CUTOFF)
    for choice in (also, starting, close):
        if len(choice) == 1:
            return next(iter(choice))
    return None


def _shown(cards: Sequence[Card], lowered: str) -> str:
    return next(c.name for c in cards if c.name.lower() == lowered)


def name_words(cards: Sequence[Card]) -> frozenset[str]:
    """Every word of every card name, in lower case: words a spelling corrector must leave alone
    (`Penking` is no misspelt `pending`)."""
    return frozenset(w for c in cards for n in (c.name, *c.aliases) for w in re.findall(r"[a-z]+", n.lower()))


def cards_named_in(text: str, cards: Sequence[Card], known: Callable[[str], bool] | None = None) -> list[Card]:
    """The cards whose name (or other name) appears in a question, as whole words; and, when
    `known` tells the words of the rulebook, the cards a nickname or a misspelling stands for:
    a word of NICKNAME_MIN letters or more that is no rulebook word and is the beginning of
    one card name only (`grizz`), or close to one one-word card name only (`sparkitt`)."""
    lowered = text.lower()
    found = []
    for card in cards:
        names = (card.name, *card.aliases)
        if any(_says(lowered, n.lower()) for n in names if len(n) >= MIN_PREFIX):
            found.append(card)
    if known is not None:
        names = tuple(sorted({n.lower() for c in cards for n in (c.name, *c.aliases)}))
        # `known` last: a word that adds no card to those found needs no look-up of the rulebook's words
        nicknamed = {nick for w in _WORD_RE.findall(lowered)
                     if (nick := _nickname_for(w, names, cards)) is not None
                     and any(c.name.lower() == nick and c not in found for c in cards) and not known(w)}
        found += [c for c in cards if c.name.lower() in nicknamed and c not in found]
    return found


def _says(lowered: str, name: str) -> bool:
    """Is `name` a whole word (or words) of `lowered`? (A pattern is compiled only for the few
    names the text holds at all: a question is read against every card.)"""
    return name in lowered and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", lowered) is not None


def _nickname_for(word: str, names: tuple[str, ...], cards: Sequence[Card]) -> str | None:
    name = _name_nicknamed(word, names)
    return None if name is None else _main_name(cards, name)


@lru_cache(maxsize=1024)  # `ask` reads its question for cards twice: the ranking's and the answer's
def _name_nicknamed(word: str, names: tuple[str, ...]) -> str | None:
    """The one name of `names` that `word` begins, else the one one-word name close to it, else None."""
    starting = {n for n in names if n.startswith(word) and n != word}
    close = set(difflib.get_close_matches(word, [n for n in names if " " not in n], n=2, cutoff=NICKNAME_CUTOFF))
    for choice in (starting, close):
        if len(choice) == 1:
            return next(iter(choice))
    return None


def _main_name(cards: Sequence[Card], lowered: str) -> str:
    """The card's own name for a name it has (`thunder bear` may be the other name of a card)."""
    return next((c.name.lower() for c in cards if lowered in (n.lower() for n in (c.name, *c.aliases))), lowered)
