"""The turn (chapter 7) and the main-phase actions (chapter 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from pal_judge.engine import battle, effects, pipeline, stats, timing, triggers
from pal_judge.engine.deciders import Decision, Option
from pal_judge.engine.state import CardInstance

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

PHASES = ("stand", "draw", "soul", "main", "end")
SOUL_DRAW_COST = 3  # 8.5.1
# the main phase's options that name no card, the same at every decision (an Option is immutable)
SOUL_DRAW = Option("soul_draw", ("soul_draw",))  # 8.5
END_TURN = Option("end_turn", ("end_turn",))  # 7.5.3
MAIN_PROMPT = "main phase action (7.5.2, chapter 8)"


def play(g: "Game", resume: str | None = None) -> None:
    """Turns until the game ends. `resume`: a restored game goes on from the play timing it was saved at
    (`main`, or `block` / `quick` in a battle of the main phase)."""
    if resume is not None:
        _main(g, resume)
        _after_main(g)
    start = g.start_phase if resume is None else "stand"
    while True:
        if g.turn > g.turn_limit:
            g.end_game("turn_limit", None, f"turn limit {g.turn_limit} reached (simulation stop)", ("7.1.1",))
        run_turn(g, start)
        start = "stand"


def run_turn(g: "Game", start: str = "stand") -> None:
    """7.1.2 the phases in order, from stand (7.2) to end (7.6)."""
    for ph in PHASES[PHASES.index(start):]:
        g.phase = ph
        g.check_until()
        _PHASE_FUNCS[ph](g)
    _next_turn(g)


def _after_main(g: "Game") -> None:
    """The rest of a turn resumed in its main phase: the end phase (7.6), then the next turn."""
    g.phase = "end"
    g.check_until()
    _end(g)
    _next_turn(g)


def _stand(g: "Game") -> None:
    tp = g.turn_player
    p = g.players[tp]
    g.emit(f"turn {g.turn} begins: {p.name} is the turn player; stand phase", ("7.1.1", "7.1.2"), tp)
    g.emit("the beginning of the turn and of the stand phase" + (" and of the game" if g.turn == 1 else ""),
           ("7.2.2",), tp)
    rested = []  # (a loop, not a comprehension: no function made and called each turn)
    for c in p.base:
        if c.rested:
            rested.append(c.label)
    souls = p.soul_rested
    p.soul_standing += souls
    p.soul_rested = 0
    # 7.2.1 every card in the base and the soul area stands
    g.emit(f"{p.name} stands {len(rested)} base card(s) and {souls} soul(s)", ("7.2.1",), tp, None,
           ("rested", rested, "souls_rested", souls), ("rested", [], "souls_rested", 0))
    pipeline.stand_all(g, tp)
    triggers.fire_global(g, "start_of_turn")
    triggers.fire_global(g, "start_of_phase", phase="stand")
    if g.turn == 1:
        triggers.fire_global(g, "start_of_game")
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.2.3


def _draw(g: "Game") -> None:
    tp = g.turn_player
    g.emit("draw phase", ("7.2.3", "10.5.1", "10.5.3", "10.5.3.4"), tp)
    if tp == g.first_player and g.turn == 1:
        g.emit(f"{g.pname(tp)} goes first: no draw phase on the first turn", ("7.3.1",), tp)
        return
    g.emit("the beginning of the draw phase", ("7.3.2",), tp)
    triggers.fire_global(g, "start_of_phase", phase="draw")
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.3.2
    effects.draw(g, tp, 1, ("7.3.3",))
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.3.4


def _soul(g: "Game") -> None:
    tp = g.turn_player
    p = g.players[tp]
    g.emit("soul phase", ("7.3.1",) if (tp == g.first_player and g.turn == 1) else ("7.3.4", "10.5.1", "10.5.3", "10.5.3.4"),
           tp)
    g.emit("the beginning of the soul phase", ("7.4.1",), tp)
    triggers.fire_global(g, "start_of_phase", phase="soul")
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.4.1
    n = min(2, p.soul_deck)  # 7.4.2.1 increment 2; 7.4.2.2 all that remain if fewer
    cites = ("7.4.2", "7.4.2.1") if n == 2 else ("7.4.2", "7.4.2.2")
    before = (p.soul_deck, p.soul_standing)
    p.soul_deck -= n
    p.soul_standing += n  # 4.3.2.3 they enter standing
    g.emit(f"{p.name} moves {n} soul(s) from the soul deck to the soul area", cites + ("4.9.1", "4.8.1", "4.3.2.3"), tp,
           None, ("soul_deck", before[0], "souls_standing", before[1]),
           ("soul_deck", p.soul_deck, "souls_standing", p.soul_standing))
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.4.3


class MainOptions(Decision):
    """The turn player's decision at the main phase's play timing (7.5.2): its legal actions, in the order the deciders
    see them: the cards to play, the first of each name (8.2.1), the abilities to use (8.3.1), the attacks (8.4.1), then
    the soul draw (8.5) and ending the main phase (7.5.3) when allowed; then the concessions, once asked
    (`Game.ask_decision`, 1.2.3). Counted when read from the board (`main_options`); a card's, an ability's and an
    attack's option are built only when read. Read only."""

    __slots__ = ("plays", "abilities", "attacks", "closing")

    def __init__(self, player: str, plays: list[CardInstance], abilities: list[effects.Usable],
                 attacks: battle.Attacks | battle.PlainAttacks, closing: tuple[Option, ...]) -> None:
        # the concessions are offered when it is asked (`Game.ask_decision`)
        self._read_from_board("main", player, MAIN_PROMPT, len(plays) + len(abilities) + attacks.count + len(closing))
        self.plays = plays
        self.abilities = abilities
        self.attacks = attacks
        self.closing = closing  # the soul draw and ending the main phase, when allowed (`_CLOSING`)

    def option(self, index: int) -> Option:
        if index < 0:
            index = self._from_start(index)
        plays = self.plays
        if index < len(plays):
            return effects.play_option(plays[index])
        index -= len(plays)
        abilities = self.abilities
        if index < len(abilities):
            return effects.ability_option(abilities[index])
        index -= len(abilities)
        attacks = self.attacks
        if index < attacks.count:
            return attacks.option(index)
        index -= attacks.count
        closing = self.closing
        if index < len(closing):
            return closing[index]
        return self._last[index - len(closing)]  # the concessions (an IndexError past them)


# what the main phase offers after the attacks (8.5, 7.5.3), by (soul draw allowed, ending allowed)
_CLOSING = {(True, True): (SOUL_DRAW, END_TURN), (True, False): (SOUL_DRAW,), (False, True): (END_TURN,),
         (False, False): ()}


def main_options(g: "Game") -> MainOptions:
    """The turn player's legal actions at the main phase's play timing (7.5.2), in the order the deciders see them."""
    tp = g.turn_player
    p = g.players[tp]
    plays = []
    seen: set[str] = set()
    souls = p.soul_standing
    # the hand cards with an ability that works from the hand (10.3.4.1, a zone icon): the only ones whose activated
    # ability may be used at this play timing from there (Interrupt, the one keyword ability that works from the hand,
    # is used in the quick step alone: 12.8.2, 9.5.2)
    activating = []
    for c in p.hand:  # 8.2.1 play a card from hand
        card = c.card
        if "hand" in card.icon_zones:
            activating.append(c)
        name = card.name
        if card.cost <= souls and name not in seen:
            seen.add(name)
            plays.append(c)
    abilities = effects.usable_abilities(g, tp, False, activating)  # 8.3.1
    attacks, must_attack = battle.attack_options(g)  # 8.4.1
    # 8.5 the soul draw; 7.5.2.1 only a pal that must attack AND can attack legally (9.2.2) binds the player; a pal
    # with no legal target (9.2.4, 9.2.4.1) cannot, even when another pal of the same player could attack: else doing
    # nothing is not allowed
    closing = _CLOSING[not g.soul_draw_used and souls >= SOUL_DRAW_COST, not must_attack]
    return MainOptions(p.name, plays, abilities, attacks, closing)  # `concede` is offered last by Game.ask_decision (1.2.3)


def perform(g: "Game", who: int, opt: Option, cites: Sequence[str]) -> None:
    data = opt.data
    kind = data[0]
    p = g.players[who]
    in_main = g.phase == "main" and g.battle is None
    if kind == "play":
        ci = _card_with_oid((p.hand,), data[1])
        extra = ("8.2.1",) if in_main else ("12.2.1.2", "12.2.1", "9.5.2.2", "2.11.1")  # the Quick icon
        effects.play_card(g, who, ci, extra + tuple(cites))
    elif kind == "activate":
        ci = _card_with_oid((p.base, p.hand), data[1])
        ability = dict(triggers.card_abilities(g, ci))[data[2]]
        used: tuple[str, ...] = ("8.3.1",) if in_main else ("12.2.1.1", "12.2.1", "9.5.2.2", "2.11.1")
        if ability.zone == "hand":
            used += ("10.3.4", "10.3.4.1", "10.3.4.1.1")  # an ability that works from the hand
        effects.activate(g, who, ci, data[2], ability, used + tuple(cites))
    elif kind == "attack":
        battle.run_battle(g, data[1], data[2], data[3], data[4])
    elif kind == "soul_draw":
        g.soul_draw_used = True
        effects.pay_souls(g, who, SOUL_DRAW_COST, ("8.5.1", "8.5.2"))
        effects.draw(g, who, 1, ("8.5.1",))


def _card_with_oid(zones: tuple[list[CardInstance], ...], oid: int) -> CardInstance:
    """The card of these zones, in this order, that is the object with this id (4.1.4): the one an option names. A
    loop, not `next()` over a generator, which makes and resumes a generator at every play (~30 a game)."""
    for cards in zones:
        for c in cards:
            if c.oid == oid:
                return c
    raise LookupError(f"no card with object id {oid}")


def _prohibition_over_obligation(g: "Game") -> tuple[str, ...]:
    """1.3.3 a pal that must attack (7.5.2.1) but that an effect forbids to attack (9.2.2.2) or to attack
    any target (9.2.4.1): the prohibition prevails, so ending the main phase is allowed. Without a `must_attack` effect
    in play no pal must attack (`stats.restricted_among` finds none): the pals are not read."""
    if not stats.effect_in_play(g, "must_attack"):
        return ()
    must = stats.restricted_among(g, [c for c in g.players[g.turn_player].pals() if not c.rested], "must_attack")
    if not must:
        return ()
    if stats.restricted_among(g, must, "cannot_attack"):
        return ("1.3.3", "7.5.2.1", "9.2.2.2")
    if any(not battle.legal_targets(g, c)[0] for c in must):
        return ("1.3.3", "7.5.2.1", "9.2.4.1")
    return ()


def _main(g: "Game", resume: str | None = None) -> None:
    tp = g.turn_player
    if resume is None:
        g.emit("main phase", ("7.4.3", "10.5.1", "10.5.3", "10.5.3.4"), player=tp)
        g.emit("the beginning of the main phase", ("7.5.1",), player=tp)
        triggers.fire_global(g, "start_of_phase", phase="main")
        if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
            timing.check_timing(g)  # 7.5.1
    elif resume in ("block", "quick"):
        battle.continue_battle(g, resume)  # the battle this main phase was in when the game was saved
    while True:
        if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
            timing.check_timing(g)  # 10.5.2 / 10.5.4.1 a check timing before every play timing
        opt = g.ask_decision(tp, main_options(g))
        if opt.label == "end_turn":
            g.emit(f"{g.pname(tp)} ends the main phase", ("7.5.3", "10.5.4.3", "10.5.2", "10.5.4", "10.5.4.1")
                   + _prohibition_over_obligation(g), player=tp)
            return
        g.actions_this_turn += 1
        if g.actions_this_turn > g.max_actions_per_turn:
            g.end_game("action_limit", None, f"more than {g.max_actions_per_turn} actions in one turn "
                       "(simulation stop)", ("13.1.1",))
        perform(g, tp, opt, ("7.5.2", "8.1.1", "8.1.2", "10.5.2", "10.5.4", "10.5.4.1"))


def _end(g: "Game") -> None:
    g.emit("end phase", ("7.5.3", "7.6.1"), player=g.turn_player)
    timing.repeat_step(g, "end phase", "7.6.5", _end_round, "end_of_turn", g.end_triggered)  # 7.6.1 those triggered


def _end_round(g: "Game") -> None:
    """One round of the end phase (7.6.1-7.6.4), repeated while abilities remain (7.6.5, `timing.repeat_step`)."""
    triggers.fire_global(g, "end_of_turn")  # 7.6.1
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 7.6.2
    damaged = []  # (a loop, not a comprehension: no function made and called each round)
    for c in g.base_cards():
        if c.damage:
            damaged.append(c)
    for c in damaged:
        c.damage = 0
    if damaged:
        labels = [c.label for c in damaged]
        g.emit(f"damage is removed from {', '.join(labels)}", ("7.6.3", "7.6.2"), before=("damaged", labels),
               after=("damaged", []))
    n = len(g.modifiers)
    if n:
        g.modifiers = [m for m in g.modifiers if m.duration not in ("until_end_of_turn", "until_end_of_battle")]
    if len(g.modifiers) != n:
        g.state_changed()
        g.emit(f"{n - len(g.modifiers)} effect(s) lasting until end of turn end", ("7.6.4",))


def _next_turn(g: "Game") -> None:
    # 7.6.5 the opponent becomes the turn player
    nxt = g.opp(g.turn_player)
    g.emit(f"turn {g.turn} ends; {g.pname(nxt)} becomes the turn player", ("7.6.5",), nxt)
    g.turn += 1
    g.turn_player = nxt
    g.derived_changed()  # "your turn" conditions (7.6.5)
    g.soul_draw_used = False
    g.uses.clear()
    g.end_triggered.clear()
    g.actions_this_turn = 0


_PHASE_FUNCS = {"stand": _stand, "draw": _draw, "soul": _soul, "main": _main, "end": _end}
