"""Replacement effects (10.11), applied by the event pipeline to every event they can replace.

A replacement ability protects its own card, or every card its `protects` selector matches (a Pal of
yours, …). When several apply to one event, the controller of the affected card chooses the order
(10.11.2, 10.11.2.1); each applies at most once (10.11.2.3); once one has applied, the event no longer
exists (10.11.1.1). What a replacement does instead (its steps, its cost) is done by the rules procedures,
which the game hands in as `game.procedures`: this layer does not import them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from pal_judge.engine import limits, loops, stats
from pal_judge.engine.cards import Ability
from pal_judge.engine.deciders import Option
from pal_judge.engine.state import CardInstance, Context

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

Candidate = tuple[CardInstance, int, Ability]  # the card whose ability it is, its index, the ability


def _context(protector: CardInstance, affected: CardInstance) -> Context:
    return Context(controller=protector.controller, source_oid=protector.oid, source_label=protector.label,
                   source_card=protector.card, trigger_card=affected.oid)


def _applicable(g: "Game", ci: CardInstance, event: str) -> list[Candidate]:
    out: list[Candidate] = []
    for holder in g.zones.replacing:  # only in the base do they work (10.3.5)
        for i, a in enumerate(holder.card.abilities):
            if a.kind != "replacement" or a.replaces != event:
                continue
            if not stats.condition_ok(g, a.cond, holder.controller, holder):
                continue
            if a.protects is None:
                if holder.oid != ci.oid:
                    continue
            elif ci not in g.procedures.candidates(g, a.protects, _context(holder, ci)):
                continue
            out.append((holder, i, a))
    return out


def _label(holder: CardInstance, i: int, a: Ability) -> str:
    return f"{holder.label}: {a.name or f'#{i + 1}'}"


def replace(g: "Game", ci: CardInstance, event: str, cites: Sequence[str]) -> bool:
    """10.11: apply the replacement effects that apply to this event on `ci`; True when it was replaced."""
    if not g.zones.replacing:
        return False  # no base card has a replacement ability (10.3.5): nothing can replace this event
    effects = g.procedures  # the effect steps and costs, a layer above (wired by the Game)
    reps = _applicable(g, ci, event)
    used: set[tuple[int, int]] = set()
    while True:
        avail = [r for r in reps if (r[0].oid, r[1]) not in used]  # 10.11.2.3 each applies once per event
        if not avail:
            return False
        if len(avail) > 1:
            # 10.11.2 / 10.11.2.1 the controller of the affected card chooses which applies first
            labels = [_label(*r) for r in avail]
            opt = g.ask("order_replacements", ci.controller, [Option(lb, k) for k, lb in enumerate(labels)],
                        "which replacement effect applies first (10.11.2)")
            holder, i, a = avail[opt.data]
            g.emit(f"{g.pname(ci.controller)} applies {opt.label} first", (_who_orders(cites), "10.11.2"),
                   player=ci.controller, card=ci.label)
        else:
            holder, i, a = avail[0]
        used.add((holder.oid, i))
        ctx = _context(holder, ci)
        if a.optional and not _choice_possible(g, holder, a, ctx):
            # 10.11.3 the choice of a "may instead [choice]; if you do" replacement cannot be made
            g.emit(f"{holder.label}: the replacement's choice cannot be made, so it does not apply",
                   ("10.11.3", "10.2.1.3.2"), player=holder.controller, card=holder.label)
            continue
        if a.cost and not effects.can_pay(g, holder.controller, a.cost, holder):
            g.emit(f"{holder.label}: replacement cannot be applied", ("10.11.3", "10.4.2.2"),
                   player=holder.controller, card=holder.label)
            continue
        if a.optional and not loops.choose_to_use(g, holder.controller, f"apply {_label(holder, i, a)} instead? "
                                                   "(10.2.1.3.2)"):
            continue  # a "yes" kept answering into the same state is a loop that player stops (13.1.1.2)
        g.emit(f"{ci.label}'s {event} is replaced ({_label(holder, i, a)})", ("10.11.1", "10.11.1.1") + a.cites
               + tuple(cites)[:1], player=holder.controller, card=ci.label)
        _apply(g, holder, a, ctx)
        return True


def _apply(g: "Game", holder: CardInstance, a: Ability, ctx: Context) -> None:
    """Pay the replacement's cost and do what it does instead. Its cost or steps may make an event that another
    replacement replaces before this one has happened, and so on (butchering Pals that are themselves replaced by
    butchering, ...): past `limits.REPLACEMENT_DEPTH` replacements one inside another, the events never happen and
    no answer ends the chain, so it is a loop no player can stop and the game is a draw (13.1.1, 13.1.1.1)."""
    effects = g.procedures
    if g.replacement_depth >= limits.REPLACEMENT_DEPTH:
        g.end_game("loop_draw", None, f"replacement effects replace each other's events without end "
                   f"({limits.REPLACEMENT_DEPTH} one inside another)", ("13.1.1", "13.1.1.1", "10.11.1.1"))
    g.replacement_depth += 1
    try:
        if a.cost:
            effects.pay(g, holder.controller, a.cost, holder, ctx)
        effects.run_steps(g, a.effect, ctx)
    finally:
        g.replacement_depth -= 1


def _who_orders(cites: Sequence[str]) -> str:
    """10.11.2.1 an event of a card or ability: its controller orders the replacements; 10.11.2.2 an action of
    the game itself — a battle (chapter 9) or a rule action (chapter 11) — the controller of the card it applies to."""
    return "10.11.2.2" if cites and cites[0].split(".")[0] in ("9", "11") else "10.11.2.1"


def _choice_possible(g: "Game", holder: CardInstance, a: Ability, ctx: Context) -> bool:
    """The [choice] of an optional replacement (10.2.1.3.2): its cost, else its first `instead` step."""
    effects = g.procedures
    who = holder.controller
    if a.cost:
        return effects.can_pay(g, who, a.cost, holder)
    if not a.effect:
        return True
    s = a.effect[0]
    p = g.players[effects.who_index(ctx, s.who)]
    if s.do == "discard":
        return len(p.hand) >= (s.amount or 0)
    if s.do == "gain" and (s.amount or 0) < 0:
        return p.resource(s.resource or "material") >= -(s.amount or 0)
    if s.do == "butcher" and s.target is None:
        return len(p.pals()) >= (s.amount or 1)
    if s.target is not None and s.target.is_selector and not s.target.up_to and s.target.choose:
        return len(effects.candidates(g, s.target, ctx)) >= s.target.choose
    return True
