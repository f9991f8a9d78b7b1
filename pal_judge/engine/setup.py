"""`Game.from_setup`: a game built directly from an explicit board (API.md §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from pal_judge.engine.cards import BUILTIN_CARDS, CardDataError, CardDef, card_from_dict
from pal_judge.engine.state import Modifier

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

PHASES = ("stand", "draw", "soul", "main", "end")
MAX_ZONE = 1000  # no board holds more cards in one zone; a bigger count is a mistake (and would exhaust memory)
SOULS = 10  # 6.1.2 / 13.2.2 each player has 10 souls


class SetupError(ValueError):
    """The setup dict is invalid; `path` locates the field (e.g. players.A.base[2].card)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def card_library(cards: Iterable[Any]) -> dict[str, CardDef]:
    lib = dict(BUILTIN_CARDS)
    for i, c in enumerate(cards):
        if isinstance(c, CardDef):
            cd = c
        else:
            try:
                cd = card_from_dict(c)
            except CardDataError as err:
                raise SetupError(f"cards[{i}]" + (f".{err.path}" if err.path else ""), err.message) from None
        lib[cd.name] = cd
    return lib


def _int(v: Any, path: str, low: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise SetupError(path, f"expected an integer, got {v!r}")
    if low is not None and v < low:
        raise SetupError(path, f"expected {low} or more, got {v}")
    return v


def _card(lib: Mapping[str, CardDef], name: Any, path: str) -> CardDef:
    if not isinstance(name, str) or name not in lib:
        raise SetupError(path, f"unknown card {name!r}; define it under 'cards'")
    return lib[name]


def build_from_setup(cls: type["Game"], setup: Mapping[str, Any], cards: Iterable[Any], seed: int) -> "Game":
    if not isinstance(setup, Mapping):
        raise SetupError("", "the setup must be a mapping")
    allowed = {"turn", "turn_player", "first_player", "phase", "night", "turn_limit", "soul_draw_used", "players"}
    for k in setup:
        if k not in allowed:
            raise SetupError(str(k), "unknown field")
    lib = card_library(cards)
    players = setup.get("players")
    if not isinstance(players, Mapping) or len(players) != 2:
        raise SetupError("players", "expected a mapping of exactly two players")
    names = [str(n) for n in players]
    if len(set(names)) != 2:
        raise SetupError("players", "the two players need different names")
    g = cls(names=names, seed=seed, turn_limit=_int(setup.get("turn_limit", 200), "turn_limit"))
    g.turn = _int(setup.get("turn", 1), "turn", low=1)
    tp = setup.get("turn_player", names[0])
    if tp not in names:
        raise SetupError("turn_player", f"expected one of {names}")
    g.turn_player = names.index(tp)
    fp = setup.get("first_player")
    if fp is None:
        g.first_player = g.turn_player if g.turn % 2 == 1 else 1 - g.turn_player
    elif fp not in names:
        raise SetupError("first_player", f"expected one of {names}")
    else:
        g.first_player = names.index(fp)
    phase = setup.get("phase", "main")
    if phase not in PHASES:
        raise SetupError("phase", f"expected one of {', '.join(PHASES)}")
    g.start_phase = phase
    g.phase = phase
    g.night = bool(setup.get("night", False))
    g.state_changed()
    g.soul_draw_used = bool(setup.get("soul_draw_used", False))
    pending_changes: list[tuple[Any, str, int]] = []
    for idx, (name, board) in enumerate(zip(names, players.values())):
        _build_player(g, idx, board, f"players.{name}", lib, pending_changes)
    for ci, kind, amount in pending_changes:  # temporary power/strike: a +N until end of turn effect (10.2.1.2)
        g.modifiers.append(Modifier(ci.oid, kind, amount, None, "until_end_of_turn", g.next_order()))
        g.state_changed()
    return g


def _build_player(g: "Game", idx: int, d: Any, path: str, lib: Mapping[str, CardDef],
                  pending_changes: list[tuple[Any, str, int]]) -> None:
    if d is None:
        d = {}
    if not isinstance(d, Mapping):
        raise SetupError(path, "expected a mapping")
    allowed = {"life", "damage", "material", "ingredient", "deck", "hand", "base", "graveyard", "exile", "souls",
               "pal_limit"}
    for k in d:
        if k not in allowed:
            raise SetupError(f"{path}.{k}", "unknown field")
    p = g.players[idx]
    p.life = _int(d.get("life", 10), f"{path}.life")
    p.damage = _int(d.get("damage", 0), f"{path}.damage", low=0)  # 3.2.2 damage taken
    for res in ("material", "ingredient"):
        v = _int(d.get(res, 0), f"{path}.{res}")
        if v < 0:
            raise SetupError(f"{path}.{res}", "resources are 0 or more (3.3.3)")
        setattr(p, res, v)
    p.pal_limit = _int(d.get("pal_limit", 5), f"{path}.pal_limit", low=0)
    deck = d.get("deck", 40)
    if isinstance(deck, int) and not isinstance(deck, bool):
        deck = ["Filler"] * min(_int(deck, f"{path}.deck", low=0), MAX_ZONE + 1)
    if isinstance(deck, list) and len(deck) > MAX_ZONE:
        raise SetupError(f"{path}.deck", f"more cards than any game holds (at most {MAX_ZONE})")
    if not isinstance(deck, list):
        raise SetupError(f"{path}.deck", "expected a list of card names (top first) or a count")
    for i, n in enumerate(deck):
        p.deck.append(g.new_instance(_card(lib, n, f"{path}.deck[{i}]"), idx, "deck"))
    base = d.get("base", [])
    if not isinstance(base, list):
        raise SetupError(f"{path}.base", "expected a list")
    for zone in ("hand", "graveyard", "exile", "base"):
        listed = d.get(zone, [])
        if isinstance(listed, list) and len(listed) > MAX_ZONE:
            raise SetupError(f"{path}.{zone}", f"more cards than any game holds (at most {MAX_ZONE})")
    for i, entry in enumerate(base):
        ep = f"{path}.base[{i}]"
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, Mapping):
            raise SetupError(ep, "expected a card name or a mapping")
        for k in entry:
            if k not in ("card", "state", "damage", "power", "strike"):
                raise SetupError(f"{ep}.{k}", "unknown field")
        cd = _card(lib, entry.get("card"), f"{ep}.card")
        if cd.type == "event":
            raise SetupError(f"{ep}.card", "an event cannot be in the base")
        ci = g.new_instance(cd, idx, "base")
        state = entry.get("state", "standing")
        if state not in ("standing", "rested"):
            raise SetupError(f"{ep}.state", "expected standing or rested")
        ci.rested = state == "rested"
        ci.damage = _int(entry.get("damage", 0), f"{ep}.damage", low=0)  # 4.4.4
        ci.placed = g.next_batch()
        p.base.append(ci)
        g.zones_changed()  # the base changed
        for kind in ("power", "strike"):  # a +N until end of turn change already on the card (10.2.1.2)
            if entry.get(kind):
                pending_changes.append((ci, kind, _int(entry[kind], f"{ep}.{kind}")))
    for zone in ("hand", "graveyard", "exile"):
        items = d.get(zone, [])
        if not isinstance(items, list):
            raise SetupError(f"{path}.{zone}", "expected a list of card names")
        for i, n in enumerate(items):
            p.zone(zone).append(g.new_instance(_card(lib, n, f"{path}.{zone}[{i}]"), idx, zone))
    souls = d.get("souls", {})
    if not isinstance(souls, Mapping):
        raise SetupError(f"{path}.souls", "expected {standing, rested, deck}")
    p.soul_standing = _int(souls.get("standing", 0), f"{path}.souls.standing", low=0)
    p.soul_rested = _int(souls.get("rested", 0), f"{path}.souls.rested", low=0)
    default_deck = SOULS - p.soul_standing - p.soul_rested
    p.soul_deck = _int(souls.get("deck", max(default_deck, 0)), f"{path}.souls.deck", low=0)
    if p.soul_deck + p.soul_standing + p.soul_rested > SOULS:
        raise SetupError(f"{path}.souls", f"{p.soul_deck + p.soul_standing + p.soul_rested} souls: "
                         f"a player has {SOULS} (6.1.2)")
