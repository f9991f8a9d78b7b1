"""Check timing (10.5.3): rule actions, then the standby abilities in the order the players choose, each
used (10.8.3); repeated steps (7.6.5, 9.7.4) and the loop guards (13.1)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable

from pal_judge.engine import effects, loops, rule_actions, triggers
from pal_judge.engine.deciders import Option
from pal_judge.engine.state import Pending

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

CHECK_TIMING_LIMIT = 300  # iterations of one check timing before it is treated as a loop (13.1)
REPEAT_LIMIT = 100  # repetitions of the end phase (7.6.5) or end-of-battle step (9.7.4) treated as a loop


def repeat_step(g: "Game", step: str, cite: str, one_round: Callable[["Game"], None], trigger: str,
                fired: set[Any]) -> None:
    """Run a step's round again while abilities remain to resolve or to trigger (7.6.5 the end phase,
    9.7.4 the end of battle): abilities in standby, or `trigger` abilities whose keys are not in `fired` (those
    triggered in this step) and delayed ones (`triggers.unfired_triggers`). One that repeats without end is 13.1.1.1
    a loop, read as one no player can stop (each repetition is a new trigger of a new card, 4.1.4), so the game is a
    draw."""
    for repeats in itertools.count(1):
        if repeats > REPEAT_LIMIT:
            g.end_game("loop_draw", None, f"the {step} repeats without end ({REPEAT_LIMIT} times)",
                       ("13.1.1", "13.1.1.1", cite))
        one_round(g)
        if not g.pending and not triggers.unfired_triggers(g, trigger, fired):
            return
        g.emit(f"{step} repeats: abilities still to trigger or resolve", (cite,))


# What a check timing reads (10.5.3), and the `Game` method that every change of it calls; these, and nothing else,
# bump `Game.check_version`:
# - the cards in the bases, their derived values, the effects and pal limits: lethal damage (11.4), overflow (11.5),
#   the cards with a state trigger and `no_pals` (10.8.6; a hand or graveyard card's with that zone's icon, 10.3.4.1,
#   moves as a card with a zone ability does, through `zones_changed`): `state_changed`; but a change that only derived
#   values and conditions read (a card rested or stood, the battle begun, its opponents set or ended, the attacking Pal
#   no longer attacking from the first 9.7.3 on, 9.7.3.1, the turn player) calls `derived_changed`, which bumps the
#   check version only while one of those can then find something: a damaged base card under a continuous ability
#   that may change power (11.4.1 damage against power), a continuous pal limit effect (11.5, 4.4.5) or a state trigger
#   (10.8.6);
# - the damage on cards, lethal damage (11.4.1): `damage_changed`;
# - whether a hand or deck is empty, defeat (11.3.2) and `hand_empty` (10.8.6): `state_changed` for a move into or
#   out of a base or read by a continuous ability, else `check_read_changed`;
# - the players' life, defeat (11.3.1): `life_changed`, which bumps the check version only at 0 life or less;
# - an ability put into standby (10.8.2, `triggers._standby`), used at the next check timing (10.5.3.2):
#   `check_read_changed`;
# - a game state remembered by an optional use (13.1.1, `loops.choose_to_use`), forgotten at the next check timing:
#   `check_read_changed` (and a check timing that ends remembering one is not clean).
# Which state triggers are armed (10.8.6.1) changes only inside a check timing. Souls, resources, player damage (an
# interrupt, 11.2), the phase and step, use counts and the cards in graveyards (but for one with a state trigger for
# the graveyard, above), exile and the resolution zone are read by no check timing.
# So a check timing has something to do only when `g.check_version != g.clean_check_version`: its hottest callers (the
# stand, draw and soul phases, the main phase, the end phase's round, the battle's declaration, the opening of its
# steps, the block and quick steps and the end of battle step's round) compare the two before they call it, one compare
# where nothing changed; the others call it and it returns at once.


def check_timing(g: "Game") -> None:
    """10.5.3: rule actions first, then the turn player's standby abilities, then the other's. The hottest callers
    call it only when `g.check_version != g.clean_check_version`; it returns at once otherwise."""
    if g.check_version == g.clean_check_version:
        return  # nothing it reads has changed since the last check timing found nothing to do
    if not g.pending and g.event_count == g.clean_check_at:
        return  # a restored game saved right after a check timing that found nothing (its caches start empty)
    if g.loop_stoppers or g.loop_seen:  # 13.1.1 a loop is looked for within one check timing: forget the last one's
        g.loop_stoppers = set()
        g.loop_seen = set()
    g.loop_budget = g.loop_state = None
    rounds = 0
    while True:
        rounds += 1
        if rounds > CHECK_TIMING_LIMIT:
            if g.loop_stoppers and g.loop_budget is None:
                loops.declare_loop_count(g)
                rounds = 0
            else:
                # 13.1.1.1 a loop neither player can stop: the game is a draw
                g.end_game("loop_draw", None, "infinite loop that no player can stop", ("13.1.1", "13.1.1.1"))
        rule_actions.run_check_type(g)  # 10.5.3.1
        if "state" in g.zones.by_trigger:  # (`triggers.listening(g, "state")` is not empty)
            triggers.state_triggers(g)  # 10.8.6 (only cards with a state trigger have one)
        if not g.pending:
            break  # 10.5.3.4
        for who, cite in ((g.turn_player, "10.5.3.2"), (g.opp(g.turn_player), "10.5.3.3")):
            mine = []  # (a loop, not a comprehension: no function made and called each round)
            for p in g.pending:
                if p.controller == who:
                    mine.append(p)
            if mine:
                chosen = _pick(g, who, mine)
                g.pending.remove(chosen)
                resolve_pending(g, chosen, cite)
                break
    g.loop_budget = None
    g.clean_check_at = g.event_count
    # a game state remembered by an optional use is forgotten by the next check timing, which is therefore not skipped
    g.clean_check_version = -1 if g.loop_seen else g.check_version


def _pick(g: "Game", who: int, mine: list[Pending]) -> Pending:
    """10.8.3.1 with several different abilities in standby the controller chooses which to use first.
    They are told apart by which ability of which card they are (not by how they read): two unnamed
    abilities of one card are `Name: trigger #1` and `#2` (their order on the card); the same ability in
    standby several times (5.21.1) is one choice; delayed abilities of one source (10.8.5), `Name: delayed #1` and `#2`
    (the order they entered standby); the same ability of two cards with one label, by that order too (`_apart`)."""
    if len(mine) == 1:
        return mine[0]  # (one ability in standby: nothing to choose)
    first = {p.key: p for p in reversed(mine)}  # each distinct ability, its earliest standby entry
    distinct = [first[k] for k in dict.fromkeys(p.key for p in mine)]
    if len(distinct) == 1:
        return distinct[0]
    labels = [p.label() for p in distinct]
    clash = {lb for lb in labels if labels.count(lb) > 1}
    named = []
    delayed: dict[str, int] = {}  # of each clashing label, the delayed abilities (10.8.5) numbered so far
    for lb, p in zip(labels, distinct):
        if lb in clash:
            if p.key[0] == "delayed":  # on no card: numbered in the order they entered standby
                number = delayed[lb] = delayed.get(lb, 0) + 1
            else:
                number = _ability_number(p)
            lb = f"{lb} #{number}"
        named.append(lb)
    opt = g.ask("order_triggers", who, [Option(lb, k) for k, lb in enumerate(_apart(named))],
                "which standby ability resolves next (10.8.3.1)")
    return distinct[opt.data]


def _apart(named: list[str]) -> list[str]:
    """These choices, each named once: the same ability of two cards with one label (two copies in a graveyard, whose
    cards are labelled by name alone) is told apart by the order the abilities entered standby, `(1)`, `(2)`, so a
    script or a saved game names the one it chose."""
    same = {lb for lb in named if named.count(lb) > 1}
    if not same:
        return named
    seen: dict[str, int] = {}
    out = []
    for lb in named:
        if lb in same:
            seen[lb] = seen.get(lb, 0) + 1
            lb = f"{lb} ({seen[lb]})"
        out.append(lb)
    return out


def _ability_number(p: Pending) -> int:
    """The ability's place on its card (1 = first), from its standby key (oid, ability index)."""
    return p.key[1] + 1 if len(p.key) > 1 and isinstance(p.key[1], int) else 1


def resolve_pending(g: "Game", p: Pending, cite: str) -> None:
    """10.8.3 use one standby ability; 10.8.7 it is used even if its card changed zone."""
    a, ctx = p.ability, p.ctx
    who = ctx.controller
    if a.limit is not None:
        used = g.uses.get(p.key, 0)
        if used >= a.limit:
            g.emit(f"{p.label()} is not used: its use limit is reached", ("10.7.3", "10.8.3.2"), player=who,
                   card=ctx.source_label)
            return
        if not loops.choose_to_use(g, who, f"use {p.label()}? (10.7.3)"):
            g.emit(f"{p.label()} is not used (one standby cancelled)", ("10.7.3",), player=who, card=ctx.source_label)
            return
    source = g.find(ctx.source_oid) if a.zone == "base" else g.find_anywhere(ctx.source_oid)
    if source is not None and source.zone != a.zone:
        source = None  # 10.8.7 it left the zone where the ability works; it is still used
    cost = a.cost
    if cost or a.optional:
        if cost and not effects.can_pay(g, who, cost, source):
            g.emit(f"{p.label()} cannot be used: its cost cannot be paid", ("10.8.3.2", "10.4.2.2"), player=who,
                   card=ctx.source_label)
            return
        if not loops.choose_to_use(g, who, f"use {p.label()}? (10.8.3.1.1)"):
            g.emit(f"{p.label()} is not used", ("10.8.3.1.1", "10.8.3.2.1"), player=who, card=ctx.source_label)
            return
    extra = ("10.8.7", "10.6.2.4.4") if source is None and ctx.source_oid is not None else ()
    if a.keyword is not None:
        ctx.cites = a.cites  # the steps of a keyword ability cite the keyword's clause
    g.resolution.append(("ability", p.label()))  # 10.6.2.1.2 a virtual card in the resolution zone
    mandatory = () if (cost or a.optional) else ("10.8.3.1",)
    g.emit(f"{p.label()} is used", (cite, "10.5.3", "10.5.1", "10.5.1.1", "10.8.3") + mandatory
           + ("10.6.2.1.2", "10.6.2.4.3", "10.2.1")
           + a.cites + extra, who, ctx.source_label)
    if effects.has_x(a.effect):
        effects.choose_x(g, ctx)  # 10.6.2.2.2 on use, before the cost (10.6.2.3) and the text (10.6.2.4)
    effects.choose_modes(g, a.effect, ctx)  # 10.6.2.2.1 before the cost (10.6.2.3)
    if cost:
        effects.pay(g, who, cost, source, ctx)
    if a.limit is not None:
        g.uses[p.key] = g.uses.get(p.key, 0) + 1
    if a.trigger == "state":
        g.state_armed.discard(p.key)  # 10.8.6.1 after resolving, it may enter standby again
    if a.keyword == "breakthrough":
        effects.breakthrough(g, ctx)
    else:
        effects.run_steps(g, a.effect, ctx)
    g.resolution.pop()  # 10.6.2.4.3 the ability leaves the resolution zone
