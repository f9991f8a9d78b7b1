"""Read a scenario from YAML, checking every field and naming the line of each mistake.

The format is documented for judges in `rulings/README.md`. In short::

    cards:                       # optional: definitions the board refers to by name
      Grizzbolt: {power: 500, strike: 2, keywords: [Breakthrough]}
    setup:
      turn: A                    # the turn player (A or B)
      A: {base: [Grizzbolt], souls: 3}
      B: {life: 5, deck: [normal, lucky], base: [{card: Foxparks, state: rested}]}
    steps:
      - attack: Grizzbolt -> Foxparks
      - block: none
      - pass
    expect:
      life: {B: 3}
      zone: {Foxparks: graveyard}
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pal_judge.scenarios.located import (
    Located,
    Where,
    check_fields,
    load_located,
    read_yaml_text,
    suggest,
)
from pal_judge.scenarios.model import (
    ATTACKING_PAL,
    CARD_TYPES,
    KEYWORDS,
    NUMBERED_KEYWORDS,
    OPENING_HAND,
    PHASES,
    PREGAME_STARTS,
    PLAYERS,
    ZONES,
    BaseCard,
    CardSpec,
    Expectation,
    PlayerSetup,
    Scenario,
    Setup,
    Step,
)

SCENARIO_FIELDS = ("description", "cards", "setup", "steps", "expect", "resume")
SETUP_FIELDS = ("turn", "first", "turn_number", "phase", "night", "soul_draw_used", "pregame", "seed", "start", "A", "B")
PLAYER_FIELDS = ("life", "damage", "resources", "deck", "hand", "base", "graveyard", "souls", "soul_deck", "pal_limit")
CARD_FIELDS = ("name", "type", "lucky", "power", "strike", "cost", "color", "element", "work", "names", "keywords", "abilities", "effect",
               "deck_limit")
BASE_EXTRA = ("card", "state", "damage", "power", "strike")
RESOURCES = ("material", "ingredient")
COLORS = ("red", "blue", "green", "purple", "colorless")

# Steps: the verb, and the fields its mapping form accepts (the first is the short form's).
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "attack": ("with", "target"),
    "block": ("card",),
    "pass": ("player",),
    "end_turn": ("player",),
    "play": ("card", "targets", "pay", "mode"),
    "activate": ("card", "ability", "targets", "pay"),
    "quick": ("card", "ability", "targets", "pay"),
    "interrupt": ("card", "pay", "discard"),
    "choose": ("card",),
    "soul_draw": ("player",),
    "concede": ("player",),
    "options": ("has", "lacks", "player"),  # checks the decision being asked, answers nothing
    "attempt": (),  # an action the rules must refuse (`refused_by:`), answers nothing
}
STEP_EXTRA = ("expect", "note", "refused_by", "at")
# What an `attempt:` may try: the actions the rules' legality test (engine/legality.py) judges.
ATTEMPTS = ("attack", "block", "play", "quick", "interrupt", "soul_draw")
CLAUSE = re.compile(r"\d+(\.\d+)*")

# Expectations: kind -> what its subjects are ("player", "card" or None for a single value).
EXPECT_KINDS: dict[str, str | None] = {
    "life": "player",
    "hand": "player",
    "deck": "player",
    "graveyard": "player",
    "base": "player",
    "souls": "player",
    "soul_deck": "player",
    "resources": "player",
    "zone": "card",
    "damage": "card",
    "state": "card",
    "power": "card",
    "strike": "card",
    "winner": None,
    "turn": None,
    "turn_number": None,
    "phase": None,
    "night": None,
    "deck_violations": "player",  # pre-game set-ups: the clauses of chapter 6 a deck breaks
    "pending_damage": "player",  # damage a player has taken and not yet resolved (11.2.2)
    "soul_area": "player",  # souls in the soul area, standing and rested (13.2.2)
    "attacker": None,  # the attacking Pal of the battle in progress (9.3.2.1), or none
    "attack_target": None,  # its attack target: a card, or "player B" (9.2.3, 9.4.2.1)
    "battle_opponent": None,  # the Pal it battles (9.4.3), or none
    "battle_step": None,  # the step of the battle: attack, block, quick, damage, end (9.3-9.7), or none
    "loop_count": None,  # how many more times a loop players can stop was performed (13.1.1.2)
    "resolved": None,  # the cards whose abilities were used from standby, in order (10.5.3.2, 10.5.3.3)
    "redraws": "player",  # how many times the player redrew the opening hand: 0 or 1 (6.2.1.7, 6.2.1.7.1)
    "main_name": "card",  # the main name of the card's name (2.1.3.1: after " – "), or none (2.1.3.2)
    "replaced": None,  # the replacement effects that replaced an event, in order: "Card: Ability" (10.11.1, 10.11.2)
}

CARD_STATES = ("standing", "rested")
WINNERS = ("A", "B", "draw", "none")

# The engine's built-in cards (cost 1, power 1000, strike 1): `normal` and `lucky` in decks.
GENERIC = {"normal": "Filler", "lucky": "Lucky Filler"}
MAX_DECK = 1000  # no board holds more cards in one zone; a bigger count is a typo (or hostile)
SOULS = 10  # 6.1.2 a player has exactly 10 souls
_KEYWORD_RE = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\s*(-?\d+)?\s*$")


def load_scenario_file(path: Path) -> Scenario:
    """A file holding only a scenario (for example one written by `replay --save-at`)."""
    root = load_located(_read(path), str(path))
    body = root.mapping("scenario file")
    if "scenario" in body:  # a ruling file: take its scenario
        return scenario_from_node(body["scenario"], name=str(path.stem))
    return scenario_from_node(root, name=path.stem)


def _read(path: Path) -> str:
    return read_yaml_text(path)


def scenario_from_node(node: Located, name: str, shared_cards: dict[str, Located] | None = None) -> Scenario:
    """A scenario; `shared_cards` are the file's `cards:` (the scenario's own override them)."""
    body = node.mapping("scenario")
    check_fields(body, SCENARIO_FIELDS, "the scenario", required=("setup",), where=node.where)
    library = {**(shared_cards or {}), **_card_library(body.get("cards"))}
    setup = _setup(body["setup"], library)
    _check_definitions(setup)
    labels = _references(setup)
    steps = tuple(_step(item, labels) for item in body["steps"].items("steps")) if "steps" in body else ()
    expect = _expectations(body["expect"], labels) if "expect" in body else ()
    description = body["description"].text("description") if "description" in body else ""
    resume = body["resume"].plain() if "resume" in body else None  # a saved game, checked by the engine
    return Scenario(name=name, setup=setup, steps=steps, expect=expect, where=node.where, description=description,
                    resume=resume)


# -- cards ------------------------------------------------------------------------------


def _card_library(node: Located | None) -> dict[str, Located]:
    if node is None:
        return {}
    return dict(node.mapping("cards"))


def card_library_specs(node: Located) -> dict[str, CardSpec]:
    """Every card of a `cards:` mapping, checked field by field (line-numbered errors) and made
    the engine's card: for the card catalogue (`pal-judge card`)."""
    library = _card_library(node)
    return {name: _named_card(name, entry.where, library, "cards") for name, entry in library.items()}


def _keyword(node: Located) -> str | dict[str, int]:
    """'Taunt' -> 'taunt'; 'Brave 300' -> {'brave': 300} (the engine's spelling)."""
    text = node.text("keywords")
    match = _KEYWORD_RE.match(text)
    word = match.group(1) if match else text
    canonical = next((k for k in KEYWORDS if k.lower() == word.lower()), None)
    if canonical is None:
        raise node.where.error(f"unknown keyword '{word}'{suggest(word, KEYWORDS)}")
    number = match.group(2) if match else None
    if canonical in NUMBERED_KEYWORDS and number is None:
        raise node.where.error(f"keyword '{canonical}' needs a number, such as '{canonical} 300'")
    if canonical not in NUMBERED_KEYWORDS and number is not None:
        raise node.where.error(f"keyword '{canonical}' takes no number")
    return {canonical.lower(): int(number)} if number is not None else canonical.lower()


def _card(node: Located, library: dict[str, Located], field: str, extra: tuple[str, ...] = ()) -> tuple[CardSpec, dict[str, Located]]:
    """A card written as a name (from `cards:`, or `normal`/`lucky`) or as a mapping; returns the spec and extra fields."""
    if isinstance(node.value, str):
        return _named_card(node.value, node.where, library, field), {}
    body = node.mapping(field)
    check_fields(body, CARD_FIELDS + extra, f"a card in {field}")
    extras = {k: v for k, v in body.items() if k in extra}
    if "card" in body:  # {card: Name, state: rested}: a named card with its board state
        others = [k for k in body if k not in extra]
        if others:
            where = body[others[0]].key_where or node.where
            raise where.error(f"write the card's own fields under 'cards:' when you use 'card: <name>' (found '{others[0]}')")
        return _named_card(body["card"].text("card"), body["card"].where, library, field), extras
    if "name" not in body:
        raise node.where.error(f"a card in {field} needs a 'name' (or 'card: <name from cards:>')")
    own = {k: v for k, v in body.items() if k not in extra}
    return _spec(own, node.where, own["name"].text("name")), extras


def _named_card(name: str, where: Where, library: dict[str, Located], field: str) -> CardSpec:
    if name in library:
        entry = library[name]
        body = entry.mapping(f"cards: {name}")
        check_fields(body, CARD_FIELDS, f"card '{name}'")
        return _spec(body, entry.where, body["name"].text("name") if "name" in body else name)
    if name.lower() in GENERIC or name in GENERIC.values():
        builtin = GENERIC.get(name.lower(), name)
        return CardSpec(name=builtin, type="pal", data={}, where=where, lucky=builtin == "Lucky Filler")
    hint = suggest(name, list(library) + list(GENERIC))
    raise where.error(f"unknown card '{name}' in {field}{hint}; define it under 'cards:' or write it out as a mapping")


def _spec(body: dict[str, Located], where: Where, name: str) -> CardSpec:
    """The engine's card dict for a card written by a judge (see API.md §1)."""
    data: dict[str, Any] = {"name": name}
    card_type = body["type"].text("type").lower() if "type" in body else "pal"
    if card_type not in CARD_TYPES:
        raise body["type"].where.error(f"unknown card type '{card_type}'{suggest(card_type, CARD_TYPES)}")
    data["type"] = "equipment" if card_type == "gear" else card_type
    for number_field in ("power", "strike", "cost"):
        if number_field in body:
            data[number_field] = body[number_field].integer(number_field)
    if card_type == "pal":
        data.setdefault("cost", 1)
        data.setdefault("power", 1000)
        data.setdefault("strike", 1)
    lucky = body["lucky"].boolean("lucky") if "lucky" in body else False
    if card_type == "pal":
        data["subtype"] = "lucky" if lucky else "normal"
    if "color" in body:
        color = body["color"].text("color").lower()
        if color not in COLORS:
            raise body["color"].where.error(f"unknown color '{color}'{suggest(color, COLORS)}")
        data["color"] = color
    if "element" in body:
        data["element"] = body["element"].text("element")
    for list_field in ("names", "work"):
        if list_field in body:
            data[list_field] = [item.text(list_field) for item in body[list_field].items(list_field)]
    if "keywords" in body:
        data["keywords"] = [_keyword(k) for k in body["keywords"].items("keywords")]
    for passed in ("abilities", "effect"):
        if passed in body:
            data[passed] = [a.plain() for a in body[passed].items(passed)]
    if "deck_limit" in body:  # 6.1.3 a deck-building ability: N copies or `any` (checked by the engine)
        data["deck_limit"] = body["deck_limit"].plain()
    return CardSpec(name=name, type=card_type, data=data, where=where, lucky=lucky, node=body)


def card_field_where(spec: CardSpec, path: str) -> Where:
    """The line of `abilities[0].effect[1].amount` inside a card written in a scenario (best effort)."""
    node: Located | dict[str, Located] | None = spec.node
    where = spec.where
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if node is None:
            break
        container = node.value if isinstance(node, Located) else node
        if part.startswith("[") and isinstance(container, list):
            index = int(part[1:-1])
            node = container[index] if index < len(container) else None
        elif isinstance(container, dict) and part in container:
            node = container[part]
        else:
            break
        if isinstance(node, Located):
            where = node.where
    return where


# -- setup --------------------------------------------------------------------------------


def _player_name(node: Located, field: str) -> str:
    name = node.text(field)
    if name not in PLAYERS:
        raise node.where.error(f"'{field}' must be A or B, not '{name}'")
    return name


def _setup(node: Located, library: dict[str, Located]) -> Setup:
    body = node.mapping("setup")
    pregame = body["pregame"].boolean("pregame") if "pregame" in body else False
    seed = body["seed"].natural("seed") if "seed" in body else 0
    check_fields(body, SETUP_FIELDS, "setup", required=() if pregame else ("turn",), where=node.where)
    if pregame:
        return _pregame_setup(body, library, seed)
    if "start" in body:
        raise (body["start"].key_where or body["start"].where).error("'start' is a step of the pre-game procedure: "
                                                                     "it needs 'pregame: true'")
    turn = _player_name(body["turn"], "turn")
    first = _player_name(body["first"], "first") if "first" in body else turn
    turn_number = body["turn_number"].integer("turn_number") if "turn_number" in body else 3
    if turn_number < 1:
        raise body["turn_number"].where.error("'turn_number' starts at 1")
    phase = body["phase"].text("phase").lower() if "phase" in body else "main"
    if phase not in PHASES:
        raise body["phase"].where.error(f"unknown phase '{phase}'{suggest(phase, PHASES)}; one of {', '.join(PHASES)}")
    night = body["night"].boolean("night") if "night" in body else False
    used = body["soul_draw_used"].boolean("soul_draw_used") if "soul_draw_used" in body else False
    players = {p: _player(body[p], library, p) if p in body else PlayerSetup(deck=_fillers(20)) for p in PLAYERS}
    return Setup(turn, first, turn_number, phase, night, used, players, seed=seed)


def _pregame_setup(body: dict[str, Located], library: dict[str, Located], seed: int) -> Setup:
    """`pregame: true`: two decks and the pre-game procedure (6.2), from its `start:` (PREGAME_STARTS)."""
    start = body["start"].text("start") if "start" in body else "shuffle"
    if start not in PREGAME_STARTS:
        raise body["start"].where.error(f"unknown start '{start}'{suggest(start, PREGAME_STARTS)}; one of "
                                        f"{', '.join(PREGAME_STARTS)}")
    later = start == "redraw"  # who goes first and the opening hands are given, not decided
    for field in ("turn", "turn_number", "phase", "night", "soul_draw_used") + (() if later else ("first",)):
        if field in body:
            raise (body[field].key_where or body[field].where).error(f"'{field}' is decided by the pre-game procedure (6.2); remove it")
    if later and "first" not in body:
        raise (body["start"].key_where or body["start"].where).error("a game starting at the redraw needs 'first: A' "
                                                                     "or 'first: B' (who goes first, 6.2.1.3)")
    players = {p: _player(body[p], library, p) if p in body else PlayerSetup(deck=_fillers(50)) for p in PLAYERS}
    for p in PLAYERS:
        hand = body[p].value.get("hand") if p in body and isinstance(body[p].value, dict) else None
        if hand is not None and not later:
            raise (hand.key_where or hand.where).error("an opening hand is drawn in the pre-game procedure (6.2.1.6); "
                                                       "write 'hand:' only with 'start: redraw'")
        if hand is not None and len(players[p].hand) != OPENING_HAND:
            raise hand.where.error(f"an opening hand has {OPENING_HAND} cards (6.2.1.6), not {len(players[p].hand)}")
    first = _player_name(body["first"], "first") if later else "A"
    return Setup(first, first, 1, "stand", False, False, players, pregame=True, seed=seed, start=start)


def _fillers(count: int, lucky: bool = False) -> tuple[CardSpec, ...]:
    name = GENERIC["lucky" if lucky else "normal"]
    return tuple(CardSpec(name=name, type="pal", data={}, where=Where("<generated>", 0), lucky=lucky) for _ in range(count))


def _deck_size(node: Located, field: str) -> int:
    """A deck count: 0 or more, and no more than a board can hold (6.1.1.1 decks are 50 cards)."""
    size = node.natural(field)
    if size > MAX_DECK:
        raise node.where.error(f"'{field}' {size} is more cards than any game holds (at most {MAX_DECK})")
    return size


def _deck(node: Located, library: dict[str, Located]) -> tuple[CardSpec, ...]:
    """`deck: 12`, `deck: [lucky, normal]` (top first) or `deck: {top: [lucky], size: 12}` (the rest normal)."""
    if isinstance(node.value, int) and not isinstance(node.value, bool):
        return _fillers(_deck_size(node, "deck"))
    if isinstance(node.value, dict):
        body = node.value
        check_fields(body, ("top", "size"), "deck")
        top = _deck(body["top"], library) if "top" in body else ()
        size = _deck_size(body["size"], "deck size") if "size" in body else len(top)
        if size < len(top):
            raise body["size"].where.error(f"deck size {size} is smaller than its {len(top)} listed top cards")
        return top + _fillers(size - len(top))
    return tuple(_card(item, library, "deck")[0] for item in node.items("deck"))


def _player(node: Located, library: dict[str, Located], player: str) -> PlayerSetup:
    body = node.mapping(player)
    check_fields(body, PLAYER_FIELDS, f"player {player}")
    values: dict[str, Any] = {}
    for number_field in ("life", "damage", "soul_deck", "pal_limit"):
        if number_field in body:
            reader = body[number_field].integer if number_field == "life" else body[number_field].natural
            values[number_field] = reader(number_field)
    if "resources" in body:
        resources = body["resources"].mapping("resources")
        check_fields(resources, RESOURCES, "resources")
        values["resources"] = {k: v.natural(k) for k, v in resources.items()}
    values["deck"] = _deck(body["deck"], library) if "deck" in body else _fillers(20)
    for zone in ("hand", "graveyard", "base"):
        if zone in body and len(body[zone].items(zone)) > MAX_DECK:
            raise body[zone].where.error(f"'{zone}' lists {len(body[zone].value)} cards: more than any game holds "
                                         f"(at most {MAX_DECK})")
    for zone in ("hand", "graveyard"):
        if zone in body:
            values[zone] = tuple(_card(item, library, zone)[0] for item in body[zone].items(zone))
    if "base" in body:
        values["base"] = tuple(_base_card(item, library) for item in body["base"].items("base"))
    if "souls" in body:
        values["souls_standing"], values["souls_rested"] = _souls(body["souls"])
    _check_possible(node, PlayerSetup(**values), player)
    return PlayerSetup(**values)


def _check_possible(node: Located, board: PlayerSetup, player: str) -> None:
    """Boards no game can reach: more Pals than the limit (4.4.5, 11.5 leaves at most that many after
    every check timing) and more than 10 souls (6.1.2)."""
    pals = [b for b in board.base if b.card.type == "pal"]
    if len(pals) > board.pal_limit:
        where = node.value["base"].where if isinstance(node.value, dict) and "base" in node.value else node.where
        raise where.error(f"player {player}'s base holds {len(pals)} Pals but the pal limit is {board.pal_limit} "
                          "(4.4.5; 11.5 never leaves more); remove Pals or raise 'pal_limit'")
    souls = board.souls_standing + board.souls_rested + board.soul_deck
    if souls > SOULS:
        raise node.where.error(f"player {player} has {souls} souls (standing, rested and soul deck) "
                               f"but a player has {SOULS} (6.1.2)")


def _base_card(node: Located, library: dict[str, Located]) -> BaseCard:
    spec, extras = _card(node, library, "base", extra=BASE_EXTRA)
    if spec.type in ("event", "soul"):
        raise node.where.error(f"'{spec.name}' is {spec.type}: only Pals, structures and gear stand in a base (4.4.1)")
    state = extras["state"].text("state") if "state" in extras else "standing"
    if state not in CARD_STATES:
        raise extras["state"].where.error(f"a card's state is standing or rested, not '{state}'")
    damage = extras["damage"].natural("damage") if "damage" in extras else 0
    power, strike = (extras[k].integer(k) if k in extras else 0 for k in ("power", "strike"))
    return BaseCard(spec, state, damage, power, strike)


def _souls(node: Located) -> tuple[int, int]:
    """`souls: 3` (all standing) or `souls: {standing: 1, rested: 2}`."""
    if isinstance(node.value, dict):
        check_fields(node.value, ("standing", "rested"), "souls")
        standing = node.value["standing"].natural("standing") if "standing" in node.value else 0
        rested = node.value["rested"].natural("rested") if "rested" in node.value else 0
        return standing, rested
    return node.natural("souls"), 0


def _check_definitions(setup: Setup) -> None:
    """Two different cards may not share a name: the engine keys card definitions by name."""
    defined: dict[str, CardSpec] = {}
    for _, _, spec in setup.cards():
        if not spec.data:
            continue
        first = defined.setdefault(spec.name, spec)
        if first.data != spec.data:
            raise spec.where.error(
                f"'{spec.name}' is defined twice with different stats (first at line {first.where.line}); "
                "define it once under 'cards:' and refer to it by name"
            )


def _references(setup: Setup) -> set[str]:
    """What steps and expectations may call a card: its label (Name, Name#2, …) or its name."""
    names = setup.names()
    return set(setup.labels()) | names | {f"{n}#{i}" for n in names for i in range(2, 6)}


def _label(node: Located, labels: set[str], field: str, allow: tuple[str, ...] = ()) -> str:
    text = node.text(field)
    if text in allow or text in labels:
        return text
    raise node.where.error(f"no card called '{text}' on the board in {field}{suggest(text, sorted(labels) + list(allow))}")


def _step(node: Located, labels: set[str]) -> Step:
    if isinstance(node.value, str):  # `- pass`, `- end_turn`, `- soul_draw`
        verb = node.value.strip()
        if verb not in STEP_FIELDS:
            raise node.where.error(f"unknown step '{verb}'{suggest(verb, STEP_FIELDS)}")
        return Step(verb, {}, node.where)
    body = node.mapping("a step")
    verbs = [k for k in body if k not in STEP_EXTRA]
    if len(verbs) != 1:
        if not verbs:
            raise node.where.error(f"a step needs one action such as {', '.join(list(STEP_FIELDS)[:6])}")
        bad = next((v for v in verbs if v not in STEP_FIELDS), verbs[1])
        where = body[bad].key_where or node.where
        if bad not in STEP_FIELDS:
            raise where.error(f"unknown step '{bad}'{suggest(bad, STEP_FIELDS)}")
        raise where.error(f"one action per step: found {', '.join(verbs)}")
    verb = verbs[0]
    if verb not in STEP_FIELDS:
        raise (body[verb].key_where or node.where).error(f"unknown step '{verb}'{suggest(verb, STEP_FIELDS)}")
    if "refused_by" in body and verb != "attempt":
        raise (body["refused_by"].key_where or node.where).error("'refused_by' belongs to an 'attempt:' step")
    args = _attempt_args(body, labels) if verb == "attempt" else _step_args(verb, body[verb], labels)
    expect = _expectations(body["expect"], labels) if "expect" in body else ()
    at = _observed_at(body, verb) if "at" in body else None
    return Step(verb, args, body[verb].key_where or node.where, expect, at)


def _observed_at(body: dict[str, Located], verb: str) -> tuple[str, int]:
    """`at: 11.2.2.1` or `at: {clause: 11.2.2.1, time: 2}`: the moment inside the step its `expect:` observes."""
    node = body["at"]
    where = node.key_where or node.where
    if verb in ("options", "attempt"):
        raise where.error(f"'at' observes a moment among a step's events; an '{verb}' step has none")
    if "expect" not in body:
        raise where.error("'at' says when the step's 'expect:' is checked: add 'expect:'")
    if isinstance(node.value, dict):
        check_fields(node.value, ("clause", "time"), "at", required=("clause",), where=node.where)
        clause_node, time = node.value["clause"], node.value["time"].natural("time") if "time" in node.value else 1
    else:
        clause_node, time = node, 1
    clause = str(clause_node.plain()).strip()
    if not CLAUSE.fullmatch(clause):
        raise clause_node.where.error(f"at: '{clause}' is not a clause number such as 11.2.2.1")
    if time < 1:
        raise node.where.error("at: 'time' counts from 1 (the first event citing the clause)")
    return clause, time


def _attempt_args(body: dict[str, Located], labels: set[str]) -> dict[str, Any]:
    """`- attempt: {attack: Raider -> Lamball}` with `refused_by: 9.2.3`: the inner step and the clause."""
    inner = _step(body["attempt"], labels)
    where = body["attempt"].key_where or body["attempt"].where
    if inner.action not in ATTEMPTS:
        raise where.error(f"an attempt tries one of {', '.join(ATTEMPTS)}, not '{inner.action}'")
    if "refused_by" not in body:
        raise where.error("an attempt needs 'refused_by: <the clause that refuses it>' (e.g. 9.2.3)")
    clause = str(body["refused_by"].plain()).strip()
    if not CLAUSE.fullmatch(clause):
        raise body["refused_by"].where.error(f"refused_by: '{clause}' is not a clause number such as 9.2.3")
    return {"step": inner, "refused_by": clause}

def _step_args(verb: str, node: Located, labels: set[str]) -> dict[str, Any]:
    fields = STEP_FIELDS[verb]
    if node.value is None:
        return {}
    if verb == "attack" and isinstance(node.value, str):
        attacker, arrow, target = node.value.partition("->")
        if not arrow:
            raise node.where.error("write an attack as 'Attacker -> target' (target: A, B or a card)")
        fake = {"with": Located(attacker.strip(), node.where), "target": Located(target.strip(), node.where)}
        return _step_args(verb, Located(fake, node.where), labels)
    if not isinstance(node.value, dict):
        node = Located({fields[0]: node}, node.where)
    body = node.value
    check_fields(body, fields, f"step '{verb}'")
    args: dict[str, Any] = {}
    for key, value in body.items():
        if key == "player":
            args[key] = _player_name(value, key)
        elif key in ("card", "with"):
            if verb == "choose" and isinstance(value.value, list):
                args[key] = [_choice(v) for v in value.value]
            elif verb == "choose":
                args[key] = _choice(value)
            else:
                args[key] = _label(value, labels, f"step '{verb}'", allow=("none",) if verb == "block" else ())
        elif key == "target":
            args[key] = _label(value, labels, f"step '{verb}'", allow=PLAYERS)
        elif key in ("targets",):
            items = value.value if isinstance(value.value, list) else [value]
            args[key] = [_label(v, labels, f"step '{verb}' targets", allow=PLAYERS) for v in items]
        elif key == "discard":
            args[key] = _label(value, labels, f"step '{verb}' discard")
        elif key == "ability":
            args[key] = value.natural("ability")
        elif key == "pay":
            args[key] = value.text("pay")
        elif key in ("has", "lacks"):
            items = value.value if isinstance(value.value, list) else [value]
            args[key] = [v.text(key) for v in items]
        else:
            args[key] = value.plain()
    if verb == "interrupt":
        args.setdefault("pay", "discard" if "discard" in args else "soul")
        if args["pay"] not in ("soul", "discard"):
            raise node.where.error("an interrupt is paid with 'soul' (①) or 'discard' (this card and 1 other card) (12.8.2)")
        if args["pay"] == "discard" and "discard" not in args:
            raise node.where.error("an interrupt paid by discarding needs 'discard: <the other card>' (12.8.2)")
    if verb == "attack" and ("with" not in args or "target" not in args):
        raise node.where.error("an attack needs 'with' (the attacking Pal) and 'target' (A, B or a card)")
    return args


def _choice(node: Located) -> str:
    """A choice names a card, a player, or an option as the engine labels it (`yes`, `option 2`, `keep`)."""
    return node.text("choose")


def _expectations(node: Located, labels: set[str]) -> tuple[Expectation, ...]:
    """`expect: {life: {B: 8}, zone: {Foxparks: graveyard}, winner: A}`."""
    body = node.mapping("expect")
    check_fields(body, EXPECT_KINDS, "expect")
    found: list[Expectation] = []
    for kind, value in body.items():
        subject_kind = EXPECT_KINDS[kind]
        if subject_kind is None:
            found.append(Expectation(kind, None, _expected_value(kind, value), value.where))
            continue
        for subject, expected in value.mapping(f"expect {kind}").items():
            where = expected.key_where or expected.where
            if subject_kind == "player" and subject not in PLAYERS:
                raise where.error(f"'expect {kind}' is per player (A or B), not '{subject}'")
            if subject_kind == "card" and subject not in labels and subject != ATTACKING_PAL:
                raise where.error(f"no card called '{subject}' on the board in expect {kind}{suggest(subject, sorted(labels))}")
            found.append(Expectation(kind, subject, _expected_value(kind, expected), where))
    return tuple(found)


def _expected_value(kind: str, node: Located) -> Any:
    if kind in ("life", "hand", "deck", "graveyard", "base", "soul_deck", "damage", "power", "strike", "turn_number",
                "pending_damage", "soul_area", "loop_count", "redraws"):
        return node.integer(kind)
    if kind == "night":
        return node.boolean(kind)
    if kind in ("resolved", "replaced"):
        return [item.text(kind) for item in (node.value if isinstance(node.value, list) else [node])]
    if kind == "deck_violations":
        items = node.value if isinstance(node.value, list) else [node]
        return sorted(str(item.value) for item in items)
    if kind == "zone":
        zone = node.text(kind)
        if zone not in ZONES:
            raise node.where.error(f"unknown zone '{zone}'{suggest(zone, ZONES)}")
        return zone
    if kind == "state":
        state = node.text(kind)
        if state not in CARD_STATES:
            raise node.where.error(f"a card's state is standing or rested, not '{state}'")
        return state
    if kind == "winner":
        winner = str(node.value) if node.value is not None else "none"
        if winner not in WINNERS:
            raise node.where.error(f"winner is A, B, draw or none, not '{winner}'")
        return winner
    if kind == "turn":
        return _player_name(node, kind)
    if kind in ("phase", "attacker", "attack_target", "battle_opponent", "battle_step", "main_name"):
        return "none" if node.value is None else node.text(kind)
    if kind == "souls":
        if isinstance(node.value, dict):
            check_fields(node.value, ("standing", "rested"), "expect souls")
            return {k: v.natural(k) for k, v in node.value.items()}
        return {"total": node.natural(kind)}
    if kind == "resources":
        body = node.mapping("expect resources")
        check_fields(body, RESOURCES, "expect resources")
        return {k: v.integer(k) for k, v in body.items()}
    return node.plain()
