"""Card information under continuous effects (10.10): keywords first, then numbers.

10.10.1.1 printed values are the base; 10.10.1.2 effects that give abilities/keywords apply
first; 10.10.1.3 effects that do not change numbers; 10.10.1.4 numeric changes. Selectors in
keyword-granting effects read printed keywords only, so a grant never depends on another grant
(10.10.1.5 is satisfied by construction); numeric effects read the granted keywords.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence, TypeVar

from pal_judge.engine.cards import Ability, CardDef, Step, Target, add_keywords, type_matches
from pal_judge.engine.state import CardInstance, Modifier

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

NOCTURNAL_BONUS = 300  # 12.13.2
_NO_KINDS: frozenset[str] = frozenset()  # no continuous ability in play
_T = TypeVar("_T")
# What a check timing can find through a change that only derived values and conditions read (`Game.derived_changed`),
# given the cards in play: nothing; lethal damage on a damaged card (11.4.1), when a continuous ability that changes
# power or grants keywords is in play (the only part of power a rest, the battle or the turn changes, `power_detail`);
# or anything, under a continuous pal limit effect (overflow, 11.5, 4.4.5) or with a state trigger in play (10.8.6)
CHECKS_READ_NO_VALUE, CHECKS_READ_DAMAGED_POWER, CHECKS_READ_VALUES = 0, 1, 2


def derived(g: "Game", compute: Callable[["Game", Any], _T], subject: Any, key: Hashable) -> _T:
    """A value derived from the state (a card's keywords, power, strike; a player's pal limit; the defending base's
    targets), computed once per values version (`Game.values_version`, bumped by every change of what these values
    read, `Game.state_changed`: zones, rested state, effects, night, the turn player, the battle): between two such
    changes it cannot differ (10.10.1); damage on cards (`Game.damage_changed`: none of them reads it), damage to
    players, life, souls, resources and abilities in standby leave it as it is. `key` names the subject; the value
    is read only, never changed."""
    if g.derived_at != g.values_version:
        g.derived.clear()
        g.derived_at = g.values_version
    try:
        return g.derived[compute, key]  # type: ignore[no-any-return]
    except KeyError:
        value = g.derived[compute, key] = compute(g, subject)
        return value


def condition_ok(g: "Game", cond: str | None, controller: int, source: CardInstance | None) -> bool:
    if cond is None:
        return True
    if cond == "night":  # 5.3.4
        return g.night
    if cond == "day":
        return not g.night
    if cond == "your_turn":
        return g.turn_player == controller
    if cond == "opponent_turn":
        return g.turn_player != controller
    if cond == "hand_empty":
        return not g.players[controller].hand
    b = g.battle
    if cond == "attacking":  # 9.7.3.1 no longer after the first 9.7.3 of the end of battle step
        return b is not None and source is not None and b.attacker == source.oid and not b.attack_over
    if cond == "battling":
        return b is not None and source is not None and source.oid in b.opponents
    raise ValueError(cond)


@dataclass(slots=True)
class Zones:
    """What is read from the cards whose abilities may work alone (the base cards, and the hand and graveyard cards
    with a zone icon, 10.3.4.1, 10.3.5), built once per change of them (kept in `Game.zones`, which the pipeline
    drops whenever a card enters or leaves a base or a card with a hand or graveyard ability moves: `DroppedZones`;
    a card kept through its move gives a new view made from the last, `after_move`).
    Read only, never changed."""

    cards: list[CardInstance]  # every base card, then the hand and graveyard cards with an ability for that zone
    continuous_kinds: frozenset[str]  # the kinds of step the base cards' continuous abilities have
    # kind -> every step of that kind of those abilities, with its card and ability, in placement order (10.10.1.6.1)
    steps_of: dict[str, list[tuple[CardInstance, Ability, Step]]]
    by_trigger: dict[str, list[CardInstance]]  # trigger -> the cards of `cards` with a printed auto ability of it
    replacing: list[CardInstance]  # the base cards with a replacement ability, in base order (10.3.5, 10.11)
    in_base: dict[int, CardInstance]  # every base card by object id (`Game.find`)
    # each player's base cards with an activated ability, in base order (8.3.1, 10.3.5; `effects.usable_abilities`)
    activating: tuple[list[CardInstance], list[CardInstance]]
    # a continuous ability in play reads a zone other than the base (`CardDef.continuous_reads_elsewhere`): a move
    # between those zones may change derived values
    reads_elsewhere: bool
    # what a check timing can find through a derived value or a condition (CHECKS_READ_NO_VALUE, _DAMAGED_POWER, _VALUES)
    checks_read_values: int
    # a continuous ability in play reads the play state (`reads_play_state`): a derived value may change when a card
    # rests or stands, the battle begins or ends, or the turn player changes (`Game.derived_changed`)
    values_read_play_state: bool


class DroppedZones:
    """`Game.zones` after a change of the cards whose abilities may work dropped the view (a card entered or left a
    base, a card with a hand or graveyard ability moved: the pipeline; a new game; the set-up): the first read of any
    field builds the view of the game as it is then (`build_zones`), keeps it in `game.zones` and answers from it. So
    every reader reads `g.zones.<field>`, one attribute read while the view is kept."""

    __slots__ = ("game",)

    def __init__(self, game: "Game") -> None:
        self.game = game

    def __getattr__(self, field: str) -> Any:  # (only asked for a field it does not have: every field of `Zones`)
        if field.startswith("__"):
            raise AttributeError(field)  # a protocol's method (copy, pickle): not a field of the view
        view = self.game.zones
        if view is self:
            view = self.game.zones = build_zones(self.game)
        return getattr(view, field)  # (the game's view as it is now, when this one was kept in a variable)


def build_zones(g: "Game") -> Zones:
    """The zone view, read in one pass over the base cards (10.3.5) and one over the hand and graveyard cards
    (10.3.4.1), after the zone change that dropped the last one (about 24 times a game)."""
    a, b = g.players
    cards = a.base + b.base
    in_base: dict[int, CardInstance] = {}
    continuous: list[CardInstance] = []
    replacing: list[CardInstance] = []
    # each player's base cards with an activated ability (a base card is in its owner's base, 4.1.6)
    activating: tuple[list[CardInstance], list[CardInstance]] = ([], [])
    kinds: frozenset[str] = _NO_KINDS
    reads_elsewhere = False
    for c in cards:
        in_base[c.oid] = c
        card = c.card
        if card.has_continuous:
            continuous.append(c)
            kinds |= card.continuous_kinds
            reads_elsewhere = reads_elsewhere or card.continuous_reads_elsewhere
        if card.has_replacement:
            replacing.append(c)
        if card.activated:
            activating[c.owner].append(c)
    if len(continuous) > 1:
        continuous.sort(key=_placed)
    steps_of: dict[str, list[tuple[CardInstance, Ability, Step]]] = {}
    for c in continuous:
        for ability in c.card.abilities:
            if ability.kind == "continuous":
                for step in ability.effect:
                    if step.do in steps_of:
                        steps_of[step.do].append((c, ability, step))
                    else:
                        steps_of[step.do] = [(c, ability, step)]
    if g.zone_icons:  # 10.3.4.1 the hand and graveyard cards with an ability for the zone they are in
        for p in g.players:
            for c in p.hand:
                if c.card.icon_zones and "hand" in c.card.icon_zones:
                    cards.append(c)
            for c in p.graveyard:
                if c.card.icon_zones and "graveyard" in c.card.icon_zones:
                    cards.append(c)
    by_trigger: dict[str, list[CardInstance]] = {}
    for c in cards:
        for trigger in c.card.triggers:
            if trigger in by_trigger:
                by_trigger[trigger].append(c)
            else:
                by_trigger[trigger] = [c]
    if "pal_limit" in kinds or "state" in by_trigger:
        checks_read_values = CHECKS_READ_VALUES
    elif "power" in kinds or "grant" in kinds:
        checks_read_values = CHECKS_READ_DAMAGED_POWER
    else:  # power is printed, Nocturnal at night and effects from resolved abilities (10.10.1)
        checks_read_values = CHECKS_READ_NO_VALUE
    values_read_play_state = any(reads_play_state(a, s) for steps in steps_of.values() for _c, a, s in steps)
    return Zones(cards, kinds, steps_of, by_trigger, replacing, in_base, activating, reads_elsewhere,
                 checks_read_values, values_read_play_state)


# The conditions (10.3.3) whose truth changes only through `Game.state_changed`: night (5.3.4, `effects.set_night`)
# and an empty hand (a move between hand and deck, while a continuous ability reads a zone other than the base)
_CONDITIONS_OUT_OF_PLAY_STATE = frozenset({None, "night", "day", "hand_empty"})


def reads_play_state(ability: Ability, step: Step) -> bool:
    """May this continuous ability's step apply to other cards or by another amount (10.10.1) when a card rests or
    stands (4.3.2), the battle begins, its opponents are set or it ends (9.3.2, 9.4.3, 9.7.3.1, 9.7.4) or the turn
    player changes (7.6.5)? Only through a condition of the ability or the step (your or the opponent's turn,
    attacking, battling), a card word other than `self` (the attacker, the battle opponent) or a selector by state
    (rested, standing) in its target, filter or counted amount."""
    if ability.cond not in _CONDITIONS_OUT_OF_PLAY_STATE or step.cond not in _CONDITIONS_OUT_OF_PLAY_STATE:
        return True
    for t in (step.target, step.filter, None if step.amount_of is None else step.amount_of[1]):
        if t is not None and (t.word not in (None, "self") or t.state is not None):
            return True
    return False


def kept_through_move(card: CardDef) -> bool:
    """Does a card's move into or out of a base change only the fields of the zone view that list the card itself: its
    place among the base cards, the lists of its printed triggers (`by_trigger`) and its owner's cards with an activated
    ability (`activating`)? So a card with no continuous or replacement ability (whose kinds and steps other fields
    gather, 10.10.1, 10.11), no zone icon (10.3.4.1) and no state trigger (10.8.6, read by `checks_read_values`)."""
    return not (card.has_continuous or card.has_replacement or card.icon_zones or "state" in card.triggers)


def after_move(view: Zones, g: "Game", moved: CardInstance) -> Zones:
    """The view after a card kept through its move (`kept_through_move`) entered or left a base: what `build_zones`
    gives then, built from the last view, whose other fields that card was not in: the base cards read again from the
    bases in base order (10.3.5), the hand and graveyard cards with a zone ability (10.3.4.1) kept; the card's triggers'
    lists read again from those cards, in their order (a trigger no card has any more is dropped); its owner's cards
    with an activated ability read again from the owner's base (4.1.6: a base card is in its owner's base). A new view:
    the last one may still be read (a loop over its cards), and is never changed."""
    a, b = g.players
    base = a.base + b.base
    cards = base + view.cards[len(view.in_base):]
    card = moved.card
    by_trigger = view.by_trigger
    # (loops, not comprehensions: each comprehension is a function call of its own, ~33 moves a game come here)
    if card.triggers:
        by_trigger = dict(by_trigger)
        for trigger in card.triggers:
            listening = []
            for c in cards:
                if trigger in c.card.triggers:
                    listening.append(c)
            if listening:
                by_trigger[trigger] = listening
            else:
                del by_trigger[trigger]  # (the card left: it was the one card with it)
    activating = view.activating
    if card.activated:
        mine = []
        for c in g.players[moved.owner].base:
            if c.card.activated:
                mine.append(c)
        activating = (mine, activating[1]) if moved.owner == 0 else (activating[0], mine)
    in_base = {}
    for c in base:
        in_base[c.oid] = c
    return Zones(cards, view.continuous_kinds, view.steps_of, by_trigger, view.replacing, in_base,
                 activating, view.reads_elsewhere, view.checks_read_values, view.values_read_play_state)


def _placed(ci: CardInstance) -> int:
    return ci.placed


def continuous_steps(g: "Game", kind: str) -> Sequence[tuple[CardInstance, Ability, Step]]:
    """Every step of this kind (`do`) of every active continuous ability (10.3.5: of a base card; 10.3.3: while the
    ability's condition and the step's hold), in order of when the cards were placed (10.10.1.6.1)."""
    steps = g.zones.steps_of.get(kind)
    if not steps:
        return ()
    return [(c, a, s) for c, a, s in steps if (a.cond is None or condition_ok(g, a.cond, c.controller, c))
            and (s.cond is None or condition_ok(g, s.cond, c.controller, c))]


def matches(g: "Game", ci: CardInstance, t: Target, controller: int, source: CardInstance | None,
            known_keywords: dict[str, int] | None = None) -> bool:
    """Does a base card match a target description (no choices involved)?"""
    if t.word is not None:
        if t.word == "self":
            return source is not None and ci.oid == source.oid
        b = g.battle
        if t.word == "attacker":  # 9.7.3.1 none after the first 9.7.3 of the end of battle step
            return b is not None and ci.oid == b.attacker and not b.attack_over
        if t.word == "battle_opponent":
            return b is not None and source is not None and b.opponents.get(source.oid) == ci.oid
        return False
    if not info_matches(ci.card, t):
        return False
    if t.controller == "you" and ci.controller != controller:
        return False
    if t.controller == "opponent" and ci.controller == controller:
        return False
    if t.state == "rested" and not ci.rested or t.state == "standing" and ci.rested:
        return False
    if t.keyword is not None:
        kws = known_keywords if known_keywords is not None else keywords(g, ci)
        if t.keyword not in kws:
            return False
    return True


def cards_matching(g: "Game", t: Target, controller: int, source: CardInstance | None) -> list[CardInstance]:
    """The cards a description names (no choices involved), in its zone: in the base by their current state
    (`matches`), elsewhere by card information (2.16.1)."""
    if t.zone == "base":
        return [c for c in g.base_cards() if matches(g, c, t, controller, source)]
    out: list[CardInstance] = []
    for i in (0, 1):
        if t.controller == "you" and i != controller or t.controller == "opponent" and i == controller:
            continue
        out += [c for c in g.players[i].zone(t.zone) if info_matches(c.card, t)]
    return out


def continuous_amount(g: "Game", src: CardInstance, s: Step) -> int:
    """The number a continuous step adds: its printed amount, or a count read from the game as it is now
    (`{count: …}`; 10.10.1: a continuous effect's value follows the game while it applies)."""
    if s.amount_of is None:
        return s.amount or 0
    _kind, what = s.amount_of  # a count: cards.py refuses strike/power amounts on continuous abilities
    return len(cards_matching(g, what, src.controller, src))


def info_matches(card: CardDef, t: Target) -> bool:
    """2.16.1 a description by card information means the cards that have that information."""
    if not type_matches(t.type, card.type):
        return False
    if t.main_name is not None and t.main_name not in card.main_names:  # 2.1.3.1
        return False
    if t.subtype is not None and card.subtype != t.subtype:
        return False
    if t.name is not None and t.name not in card.all_names:  # 5.20.1.1
        return False
    if t.max_cost is not None and card.cost > t.max_cost:
        return False
    if t.color is not None and (card.color == "colorless" or t.color not in ("any", card.color)):  # 2.6.3
        return False
    if t.element is not None and card.element.lower() != t.element:
        return False
    return t.work is None or t.work in (w.lower() for w in card.work)


_GRANT = frozenset({"grant"})
_POWER = frozenset({"power", "grant"})  # granted Nocturnal changes power too (12.13.2)
_STRIKE = frozenset({"strike"})


def _untouched(g: "Game", ci: CardInstance, kinds: frozenset[str]) -> bool:
    """No effect of these kinds can apply to this card: none from a resolved ability on it (10.2.1.2) and no
    continuous ability with such a step in play (10.10.1), so its printed values hold (10.10.1.1); a card outside
    the base gets none (10.3.5)."""
    if ci.zone != "base":
        return True
    in_play = g.zones.continuous_kinds
    if in_play and not in_play.isdisjoint(kinds):
        return False
    return not (g.modifiers and _modified(g, ci, kinds))


def _modified(g: "Game", ci: CardInstance, kinds: frozenset[str]) -> bool:
    """An effect of one of these kinds from a resolved ability applies to this card (10.2.1.2)."""
    oid = ci.oid
    for m in g.modifiers:
        if m.oid == oid and m.kind in kinds:
            return True
    return False


def keywords(g: "Game", ci: CardInstance) -> dict[str, int]:
    """Effective keywords: flags map to their count, valued keywords to their summed value (read only)."""
    # `_untouched(g, ci, _GRANT)` written out, as the most read value: the printed keywords (10.10.1.1) unless a grant
    # can apply to this base card (10.3.5), a continuous one in play or one from a resolved ability on it
    if ci.zone == "base" and ("grant" in g.zones.continuous_kinds
                              or g.modifiers and _modified(g, ci, _GRANT)):
        return derived(g, _keywords, ci, ci.oid)
    return ci.card.printed_keywords


def _keywords(g: "Game", ci: CardInstance) -> dict[str, int]:
    out = dict(ci.card.printed_keywords)
    if g.modifiers:  # 10.10.1.2 effects giving keywords
        add_keywords(out, (m.keyword for m in g.modifiers
                           if m.oid == ci.oid and m.kind == "grant" and m.keyword is not None))
    grants = [(src, s) for src, _a, s in continuous_steps(g, "grant")
              if s.keyword is not None and s.target is not None]
    # 10.10.1.5 a grant that reads keywords ("Pals with Taunt get …") depends on the grants that give
    # them: it is applied once those are, so each pass applies what the keywords so far make apply,
    # until nothing more does (each grant applies once)
    pending = list(grants)
    while pending:
        now = [(src, s) for src, s in pending if matches(g, ci, s.target, src.controller, src, known_keywords=out)]
        if not now:
            break
        add_keywords(out, (s.keyword for _src, s in now))
        for item in now:
            pending.remove(item)
    return out


def power_detail(g: "Game", ci: CardInstance) -> tuple[int, tuple[str, ...]]:
    """Current power and the clauses of the continuous effects that changed it."""
    # `_untouched(g, ci, _POWER)` written out, as the most read number (lethal damage reads it at every check timing)
    if ci.zone != "base":
        return ci.card.power, ()  # 10.3.5 no effect applies outside the base (10.10.1.1)
    in_play = g.zones.continuous_kinds
    if ("power" in in_play or "grant" in in_play or g.modifiers and _modified(g, ci, _POWER)
            or g.night and "nocturnal" in ci.card.printed_keywords):
        return derived(g, _power_detail, ci, ci.oid)
    return ci.card.power, ()  # 10.10.1.1


def _power_detail(g: "Game", ci: CardInstance) -> tuple[int, tuple[str, ...]]:
    value = ci.card.power  # 10.10.1.1
    layers: list[str] = []  # how the effects were ordered (10.10.1.x)
    sources: list[str] = []  # the clauses of the effects themselves
    kws = keywords(g, ci) if g.night else None  # (read for Nocturnal alone, a bonus at night only)
    if kws is not None and "nocturnal" in kws:  # 12.13.2, each instance
        value += NOCTURNAL_BONUS * kws["nocturnal"]
        sources += ["12.13.2", "12.13.1", "5.3.3"]
        if kws["nocturnal"] > sum(1 for k, _ in ci.card.keywords if k == "nocturnal"):
            layers.append("10.10.1.2")  # a granted Nocturnal applies before the numeric change
    if g.modifiers:
        for m in _modifiers_on(g, ci, "power"):
            value += m.amount  # 10.10.1.6.2
            layers.append("10.10.1.6.2")
    for src, _a, s in continuous_steps(g, "power"):
        if s.target is not None and matches(g, ci, s.target, src.controller, src):
            value += continuous_amount(g, src, s)  # 10.10.1.6.1
            if s.target.keyword is not None:
                layers.append("10.10.1.5")  # reads keywords after the keyword-granting effects
            layers.append("10.10.1.6.1")
            sources += ["10.1.1.3", "10.1.1.3.1", "3.1.2.1", "10.3.5"]
    if not layers and not sources:
        return value, ()
    # the specific ordering clauses, then the effects' own, then how continuous effects apply in general
    return value, tuple(dict.fromkeys(layers + sources + ["10.10.1.4", "10.10.1.6", "10.10.1", "10.10.1.1"]))


def _modifiers_on(g: "Game", ci: CardInstance, kind: str) -> list[Modifier]:
    """The effects of this kind from resolved abilities on this card, in the order they were used (10.10.1.6.2): the
    order of `Game.modifiers`, to which each is appended as it is used (`Modifier.order` grows with it) and from which
    ended ones are only taken out. (A power or strike change adds its amount: the sum is the same in any order.)"""
    oid = ci.oid
    found = []
    for m in g.modifiers:
        if m.oid == oid and m.kind == kind:
            found.append(m)
    return found


def power(g: "Game", ci: CardInstance) -> int:
    return power_detail(g, ci)[0]


def strike(g: "Game", ci: CardInstance) -> int:
    return strike_detail(g, ci)[0]


def strike_detail(g: "Game", ci: CardInstance) -> tuple[int, tuple[str, ...]]:
    """Current strike (2.9.1): the printed value changed by effects, numeric changes in time order
    (10.10.1.4; one-shot effects 10.10.1.6.2, continuous abilities 10.10.1.6.1)."""
    if _untouched(g, ci, _STRIKE):
        return ci.card.strike, ()  # 10.10.1.1
    return derived(g, _strike_detail, ci, ci.oid)


def _strike_detail(g: "Game", ci: CardInstance) -> tuple[int, tuple[str, ...]]:
    value = ci.card.strike  # 10.10.1.1
    cites: list[str] = []
    if g.modifiers:
        for m in _modifiers_on(g, ci, "strike"):
            value += m.amount  # 10.10.1.6.2
            cites.append("10.10.1.6.2")
    for src, _a, s in continuous_steps(g, "strike"):
        if s.target is not None and matches(g, ci, s.target, src.controller, src):
            value += continuous_amount(g, src, s)
            cites += ["10.10.1.6.1", "10.1.1.3.1", "3.1.2.1", "10.3.5"]
    if cites:
        cites[:0] = ["10.10.1", "10.10.1.1", "10.10.1.4", "10.10.1.6"]
    return value, tuple(dict.fromkeys(cites))


def effects_in_play(g: "Game", kinds: frozenset[str]) -> frozenset[str]:
    """Those of these kinds with an effect in play (`effect_in_play` of each, read at once)."""
    found = g.zones.continuous_kinds & kinds
    if g.modifiers:
        found = found.union(m.kind for m in g.modifiers if m.kind in kinds)
    return found


def effect_in_play(g: "Game", kind: str) -> bool:
    """Is there an effect of this kind (a step's `do`) in play, a continuous ability's or one on some card (10.10.1)?
    Without one no card is touched by it, so it need not be asked card by card: without a restriction (10.10.1.3:
    cannot_attack, must_attack, cannot_block, cannot_be_blocked) `restricted` is false for every card, and without a
    `grant` every card has its printed keywords (10.10.1.1, 10.10.1.2)."""
    if kind in g.zones.continuous_kinds:
        return True
    for m in g.modifiers:
        if m.kind == kind:
            return True
    return False


def restricted(g: "Game", ci: CardInstance, kind: str) -> bool:
    """cannot_attack / cannot_block / cannot_be_blocked / must_attack from effects (10.10.1.3)."""
    return effect_in_play(g, kind) and _restricted(g, ci, kind)  # without such an effect no card is restricted


def restricted_among(g: "Game", cards: Sequence[CardInstance], kind: str) -> list[CardInstance]:
    """The cards of these that an effect of this kind restricts (10.10.1.3), in their order."""
    if not cards or not effect_in_play(g, kind):
        return []
    return [c for c in cards if _restricted(g, c, kind)]


def unrestricted(g: "Game", cards: list[CardInstance], kind: str) -> list[CardInstance]:
    """The cards of these that no effect of this kind restricts (10.10.1.3), in their order (read only)."""
    if not cards or not effect_in_play(g, kind):
        return cards
    return [c for c in cards if not _restricted(g, c, kind)]


def _restricted(g: "Game", ci: CardInstance, kind: str) -> bool:
    for m in g.modifiers:
        if m.oid == ci.oid and m.kind == kind and m.against is None:
            return True
    for src, _a, s in continuous_steps(g, kind):
        if not (kind == "cannot_attack" and s.filter is not None):
            t = s.target or Target(word="self")
            if matches(g, ci, t, src.controller, src):
                return True
    return False


def _is_against(g: "Game", against: Target, target: CardInstance | None, defender: int, controller: int,
                source: CardInstance | None) -> bool:
    """Is this attack target (a card, or the defending player when None) one that `against` names?"""
    if target is None:
        return against.word in ("you", "opponent") and (defender == controller) == (against.word == "you")
    return against.word not in ("you", "opponent") and matches(g, target, against, controller, source)


def targets_restricted(g: "Game", attacker: CardInstance) -> bool:
    """May an effect forbid this pal some attack targets (9.2.4.1)? Only one of its own (a `cannot_attack` with
    `against`) or a continuous `cannot_attack`: without them, `cannot_attack_target` is false for every target."""
    return "cannot_attack" in g.zones.continuous_kinds or bool(g.modifiers) and any(
        m.oid == attacker.oid and m.kind == "cannot_attack" and m.against is not None for m in g.modifiers)


def cannot_attack_target(g: "Game", attacker: CardInstance, target: CardInstance | None, defender: int) -> bool:
    """9.2.4.1 an effect says this pal cannot attack this target (the defending player when None); callers ask
    `targets_restricted` first."""
    for m in g.modifiers:
        if m.oid == attacker.oid and m.kind == "cannot_attack" and m.against is not None \
                and _is_against(g, m.against, target, defender, m.controller, None):
            return True
    for src, _a, s in continuous_steps(g, "cannot_attack"):
        if s.filter is not None \
                and matches(g, attacker, s.target or Target(word="self"), src.controller, src) \
                and _is_against(g, s.filter, target, defender, src.controller, src):
            return True
    return False


def pal_limit(g: "Game", idx: int) -> int:
    """4.4.5 the pal limit, changed by continuous pal_limit effects of that player's cards."""
    if "pal_limit" not in g.zones.continuous_kinds:
        return g.players[idx].pal_limit  # no card changes it
    return derived(g, _pal_limit, idx, idx)


def _pal_limit(g: "Game", idx: int) -> int:
    p = g.players[idx]
    extra = sum(continuous_amount(g, src, s) for src, _a, s in continuous_steps(g, "pal_limit") if src.controller == idx)
    return p.pal_limit + extra


def trigger_times(g: "Game", controller: int, trigger: str | None) -> list[int]:
    """5.21.1 the "activates N times" values that apply to this controller's `trigger` abilities, distinct
    and sorted ([1] when none does). 5.21.2 with several, the controller applies only one of them: the
    caller asks which."""
    if "trigger_times" not in g.zones.continuous_kinds:
        return [1]  # no such effect in play (10.10.1): every auto ability activates once (5.21.1)
    values = {max(s.amount or 1, 1) for src, _a, s in continuous_steps(g, "trigger_times")
              if src.controller == controller and s.trigger == trigger}
    return sorted(values) or [1]
