"""Triggers (10.8): which auto abilities an event makes trigger, put into standby (10.8.2).

The event pipeline calls these for every move and every rest/stand; the procedures call them for phases,
steps and battles. Nothing here resolves an ability (that is `timing`, a layer above).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from pal_judge.engine import stats
from pal_judge.engine.cards import KEYWORD_TRIGGERS, Ability, CardDef, abilities_of, keyword_abilities
from pal_judge.engine.deciders import Option
from pal_judge.engine.state import CardInstance, Context, Lki, Pending

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

TRIGGER_CITES: dict[str, tuple[str, ...]] = {
    "on_deploy": ("12.3.2", "12.3.1", "5.15.1"),
    "on_attack": ("12.4.2", "12.4.1", "9.3.2"),
    "on_attacked": ("9.3.2",),
    "on_block": ("9.4.2.1",),
    "on_assign": ("12.5.2", "12.5.1", "5.17.1.2"),
    "on_assigned": ("5.17.1.2",),
    "on_destroyed": ("10.8.4", "10.8.4.1", "10.8.4.1.2"),
    "on_ally_destroyed": ("10.8.4", "10.8.4.1.2"),
    "on_ally_deployed": ("5.15.1",),
    "on_battle_damage": ("9.6.3.4",),
    "start_of_game": ("7.2.2",),
    "start_of_turn": ("7.2.2",),
    "end_of_turn": ("7.6.1",),
    "end_of_battle": ("9.7.1",),
    "state": ("10.8.6",),
    "opponent_destroyed": ("10.8.4", "9.4.3", "10.8.4.1.2"),
    "on_other_rested": ("4.3.2.2",),
    "on_other_stood": ("4.3.2.1",),
    "on_pal_attacks": ("9.3.2",),
}
PHASE_CITES = {"stand": "7.2.2", "draw": "7.3.2", "soul": "7.4.1", "main": "7.5.1"}
STEP_CITES = {"block": "9.4.1", "quick": "9.5.1", "damage": "9.6.1"}


def card_abilities(g: "Game", ci: CardInstance) -> Sequence[tuple[int, Ability]]:
    """A card's numbered abilities with its keywords as they are now (10.10.1.2)."""
    kws = stats.keywords(g, ci)
    card = ci.card
    if kws is card.printed_keywords:
        return card.printed_abilities  # (its printed keywords, the common case: `_abilities_with` without its call)
    return _abilities_with(kws, card)


def _abilities_with(kws: dict[str, int], card: CardDef) -> Sequence[tuple[int, Ability]]:
    """A card's numbered abilities with these keywords: the ones read once from the card when they are its printed
    keywords (no keyword was given or lost, 10.10.1.2)."""
    printed = card.printed_keywords
    return card.printed_abilities if kws is printed or kws == printed else abilities_of(kws, card)


def capture_lki(g: "Game", ci: CardInstance) -> Lki:
    """10.8.4.1.2 / 10.12.1 the information of a card as it last was in the base."""
    b = g.battle
    return Lki(oid=ci.oid, label=ci.label, card=ci.card, controller=ci.controller,
               power=stats.power(g, ci), strike=stats.strike(g, ci), keywords=stats.keywords(g, ci),
               battling=b is not None and ci.oid in b.opponents,
               attacking=b is not None and b.attacker == ci.oid and not b.attack_over,
               battle_opponent=b.opponents.get(ci.oid) if b is not None else None)


def _standby(g: "Game", ability: Ability, ctx: Context, key: tuple[Any, ...], cites: tuple[str, ...]) -> None:
    # 10.8.2 the ability enters standby; 5.21.1 "activates N times" puts it there N times (only a continuous ability
    # says so: with none in play, once, `stats.trigger_times`)
    values = stats.trigger_times(g, ctx.controller, ability.trigger)
    times = values[0]
    if len(values) > 1:
        # 5.21.2 several "activates N times" effects: the ability's controller applies only one of them
        opt = g.ask("trigger_times", ctx.controller, [Option(f"{n} times", n) for n in values],
                    f"{ctx.source_label}: which 'activates N times' effect applies? (5.21.2)")
        times = opt.data
    again: tuple[str, ...] = ()  # 10.8.2.1 it is in standby already (a loop: no generator made each time)
    for p in g.pending:
        if p.key == key:
            again = ("10.8.2.1",)
            break
    for _ in range(times):
        g.pending.append(Pending(ability, ctx, key))
    g.check_read_changed()  # the next check timing uses it (10.5.3.2, 10.5.3.3)
    extra: tuple[str, ...] = ("5.21.1", "10.8.2.1") if times > 1 else ()
    extra += ("5.21.2",) if len(values) > 1 else ()
    kw = ("12.1.1",) if ability.keyword else ()
    if ability.keyword:
        cites = ability.cites + cites  # a keyword's ability triggers by its own clause (12.x.2) first
    cond: tuple[str, ...] = ("10.3.3",) if ability.cond else ()
    if ability.cond in ("night", "day"):
        cond += ("5.3.4",)
    g.emit(f"{ctx.source_label}: {ability.name or ability.trigger} triggers",
           cites[:1] + extra + again + cond + cites[1:] + kw + ("10.8.2", "10.8.1", "10.1.1", "10.1.1.2.1", "3.1.2",
                                                                 "3.1.2.3"),
           ctx.controller, ctx.source_label, None, ("standby", times))  # (by position: `Game.emit`)


ZONE_CITES = {"base": ("10.3.5",), "hand": ("10.3.4", "10.3.4.1", "10.3.4.1.1"), "graveyard": ("10.3.4", "10.3.4.1")}


def listening(g: "Game", trigger: str) -> Sequence[CardInstance]:
    """The cards whose abilities may work (`stats.Zones.cards`), in that order, with a printed auto ability of this
    trigger: the only ones that can have one, but for a keyword's trigger (KEYWORD_TRIGGERS: a keyword may be granted,
    10.10.1.2), whose callers read more (`_keyword_trigger_cards`; `fire_watchers`: every base card). An index kept
    until a card changes zone (read only)."""
    return g.zones.by_trigger.get(trigger, ())


def _keyword_trigger_cards(g: "Game", trigger: str) -> Sequence[CardInstance]:
    """The cards that may have an active ability of a keyword's phase or turn trigger (KEYWORD_TRIGGERS: Vigilance's
    end of turn, 12.9.2; 10.3.4.1, 10.3.5), in the order of `stats.Zones.cards`: with no effect that grants keywords in
    play, every card has its printed keywords (10.10.1.1, 10.10.1.2), so only a card with a printed ability of that
    trigger, a printed keyword's included, may have one; otherwise any card may."""
    cards = g.zones.cards
    if stats.effect_in_play(g, "grant"):
        return cards
    printed = []
    for c in cards:
        for _idx, a in c.card.printed_abilities:
            if a.trigger == trigger:
                printed.append(c)
                break
    return printed


def _phase_trigger_cards(g: "Game", trigger: str) -> Sequence[CardInstance]:
    """The cards that may have an active ability of this phase, step or turn trigger (10.3.4.1, 10.3.5): a keyword's
    (`_keyword_trigger_cards`), else the trigger index's (`listening`)."""
    return _keyword_trigger_cards(g, trigger) if trigger in KEYWORD_TRIGGERS else g.zones.by_trigger.get(trigger, ())


def fire_self(g: "Game", ci: CardInstance, trigger: str, cites: tuple[str, ...] = (), subject: int | None = None,
              trigger_card: int | None = None, trigger_lki: Lki | None = None, assigned: tuple[int, ...] = ()) -> None:
    """A card's trigger: its own (on_deploy, on_attack, on_block, on_assign, ...), or, with `subject` (the
    controller of the card the event happened to), a watcher's, filtered by its `whose`. `trigger_card`,
    `trigger_lki` and `assigned` are what the ability's context knows of the event (`Context`)."""
    if ci.zone != "base":
        return  # 10.3.5 abilities of pals/structures/equipment are active only in the base
    if trigger not in ci.card.triggers and trigger not in KEYWORD_TRIGGERS:
        return  # neither printed nor a keyword's: no ability of this card has this trigger
    for idx, a in card_abilities(g, ci):
        if a.zone != "base":
            continue  # 10.3.4.1 an ability with a zone icon works only in that zone
        if subject is not None and not _whose_card_ok(a.whose, ci.controller, subject):
            continue
        if a.kind == "auto" and a.trigger == trigger and stats.condition_ok(g, a.cond, ci.controller, ci):
            ctx = Context(controller=ci.controller, source_oid=ci.oid, source_label=ci.label, source_card=ci.card,
                          assigned=assigned, trigger_card=trigger_card, trigger_lki=trigger_lki)
            _standby(g, a, ctx, (ci.oid, idx), TRIGGER_CITES.get(trigger, ()) + a.cites + ("10.3.5",) + cites)


def fire_watchers(g: "Game", subject: CardInstance | Lki, trigger: str, cites: tuple[str, ...] = (),
                  trigger_lki: Lki | None = None) -> None:
    """"When another card … " triggers of every base card but the subject, each filtered by its `whose`
    (you: a card of yours, opponent: your opponent's, any), 10.3.5."""
    # (a list kept as it is: putting abilities into standby changes no zone)
    watchers = g.base_cards() if trigger in KEYWORD_TRIGGERS else g.zones.by_trigger.get(trigger, ())  # (`listening`)
    for ci in watchers:
        if ci.oid != subject.oid:
            fire_self(g, ci, trigger, cites, subject.controller, subject.oid, trigger_lki)


def _whose_card_ok(whose: str, controller: int, subject: int) -> bool:
    return whose == "any" or (whose == "you") == (subject == controller)


def _whose_ok(g: "Game", whose: str, controller: int) -> bool:
    return whose == "any" or (whose == "you") == (g.turn_player == controller)


def fire_global(g: "Game", trigger: str, phase: str | None = None, step: str | None = None) -> None:
    """Phase, step and turn triggers of every base card, then delayed triggers (10.8.5)."""
    if not g.delayed and trigger not in g.zones.by_trigger and trigger not in KEYWORD_TRIGGERS:
        return  # no delayed ability waits and no card listens to it (a keyword's trigger: a granted one may)
    cards = _phase_trigger_cards(g, trigger)
    if trigger == "start_of_phase":
        cites: tuple[str, ...] = (PHASE_CITES[phase or "main"],)
    elif trigger == "start_of_step":
        cites = (STEP_CITES[step or "block"],)
    else:
        cites = TRIGGER_CITES.get(trigger, ())
    for ci in cards:
        for idx, a in card_abilities(g, ci):
            if a.kind != "auto" or a.trigger != trigger or a.phase != phase or a.step != step or a.zone != ci.zone:
                continue
            if not _whose_ok(g, a.whose, ci.controller) or not stats.condition_ok(g, a.cond, ci.controller, ci):
                continue
            key = (ci.oid, idx)
            if trigger == "end_of_turn":
                if key in g.end_triggered:  # 7.6.1 only those not yet triggered this turn
                    continue
                g.end_triggered.add(key)
            if trigger == "end_of_battle" and g.battle is not None:
                if key in g.battle.triggered_end:  # 9.7.1
                    continue
                g.battle.triggered_end.add(key)
            ctx = Context(controller=ci.controller, source_oid=ci.oid, source_label=ci.label, source_card=ci.card)
            _standby(g, a, ctx, key, cites + a.cites + (ZONE_CITES[a.zone] if a.zone != "base" else ()))
    for d in list(g.delayed):
        if d.trigger == trigger and d.phase == phase and _whose_ok(g, d.whose, d.ctx.controller):
            g.delayed.remove(d)  # 10.8.5.1 a delayed trigger triggers once
            ab = Ability("auto", d.effect, name="delayed", trigger=trigger, cites=("10.8.5",))
            # its standby key: a number of this game's own (saved with it), never reused as a freed object's id may be
            _standby(g, ab, d.ctx, ("delayed", g.next_order()), cites + ("10.8.5.1", "10.13.2"))


def unfired_triggers(g: "Game", trigger: str, fired: set[Any]) -> bool:
    """Is there an active `trigger` ability (a base card's, or a hand/graveyard card's with that zone
    icon, 10.3.4.1 / 10.3.5) whose key is not in `fired`, or a delayed `trigger` ability waiting (10.8.5)? Used by
    7.6.5 and 9.7.4: a card that arrived in such a zone during the step is a new card (4.1.4) whose ability has not
    triggered yet."""
    if g.delayed and any(d.trigger == trigger for d in g.delayed):
        return True
    cards = _phase_trigger_cards(g, trigger)
    for ci in cards:
        for idx, a in card_abilities(g, ci):
            if a.kind == "auto" and a.trigger == trigger and a.zone == ci.zone and (ci.oid, idx) not in fired \
                    and a.phase is None and a.step is None and _whose_ok(g, a.whose, ci.controller) \
                    and stats.condition_ok(g, a.cond, ci.controller, ci):
                return True
    return False


def on_entered_base(g: "Game", ci: CardInstance, src: str) -> None:
    _power, changed = stats.power_detail(g, ci)
    # 10.10.3 continuous effects apply as the card enters; 10.10.3.1 triggers read that information
    extra = ("10.10.3", "10.10.3.1") + changed if changed else ()
    g.emit(f"{ci.label} is deployed", ("5.15.1", "4.4.2") + extra, ci.controller, ci.label, None,
           ("power", _power) if changed else None)  # (player, card, before, after by position: `Game.emit`)
    # a zone-change trigger (10.8.4) reads the card as it is in the base: from a hidden zone by its
    # public information (10.8.4.1.1), from another public zone by the zone it moved to (10.8.4.1.3)
    info = ("10.8.4", "10.8.4.1", "10.8.4.1.1" if src in ("hand", "deck") else "10.8.4.1.3")
    fire_self(g, ci, "on_deploy", cites=info)
    # 10.8.4.2 the cards of one move event are all in the base by now: one entering together with `ci`
    # sees it enter as well
    if "on_ally_deployed" in g.zones.by_trigger:  # (`listening` is not empty: a printed trigger, never a keyword's)
        together = ("10.8.4.2",) if any(o.placed == ci.placed and o.oid != ci.oid for o in g.base_cards()) else ()
        fire_watchers(g, ci, "on_ally_deployed", cites=info + together)


def on_left_base_group(g: "Game", left: list[tuple[Lki, str, int]]) -> None:
    """Zone-change triggers of cards that left the base in one event (10.8.4), every one read from the
    event's look-back snapshot (10.8.4.1.2): a card that left in the same event was still in the base, so
    it sees the others leave. `left`: (look-back, destination, the card as it arrived (4.1.4))."""
    to_graveyard = []
    arrived = set()  # (both read in one loop: a comprehension is a function made and called each time)
    for lki, to, new_oid in left:
        arrived.add(new_oid)
        if to == "graveyard":
            to_graveyard.append((lki, new_oid))
    for lki, _ in to_graveyard:
        _fire_from_lookback(g, lki, "on_destroyed", lki)
        if lki.card.type != "pal":
            continue
        # "another Pal of yours goes to the graveyard": every card of that player that sees it (10.3.5)
        fire_watchers(g, lki, "on_ally_destroyed", trigger_lki=lki)
        for other, _ in to_graveyard:
            if other.oid != lki.oid:
                _fire_from_lookback(g, other, "on_ally_destroyed", lki)
        _fire_zone_abilities(g, lki, arrived)


def _fire_from_lookback(g: "Game", lki: Lki, trigger: str, seen: Lki) -> None:
    """A trigger of a card that left the base, with its abilities as they were there (10.8.4.1.2)."""
    for idx, a in _abilities_with(lki.keywords, lki.card):
        if a.kind != "auto" or a.trigger != trigger or a.zone != "base":
            continue
        if seen.oid != lki.oid and not _whose_card_ok(a.whose, lki.controller, seen.controller):
            continue
        if a.keyword == "retaliate" and not lki.battling:
            # 12.12.2 (zh) "如果它是正在战斗的帕鲁": only a pal battling right now; the English
            # "a Pal that battled" is read by the Chinese text: no battle opponent, no trigger.
            continue
        ctx = Context(controller=lki.controller, source_oid=lki.oid, source_label=lki.label, source_card=lki.card,
                      source_lki=lki, trigger_card=seen.oid, trigger_lki=seen)
        _standby(g, a, ctx, (lki.oid, idx), TRIGGER_CITES[trigger] + a.cites + ("10.8.4.1.2",))


def _fire_zone_abilities(g: "Game", lki: Lki, arrived: set[int]) -> None:
    """"When a pal of yours is destroyed" abilities of hand/graveyard cards with that zone icon (10.3.4.1);
    not those of the cards that arrived there in this very event."""
    for ci in listening(g, "on_ally_destroyed"):
        if ci.zone == "base" or ci.owner != lki.controller or ci.oid in arrived:
            continue
        for idx, a in card_abilities(g, ci):
            if a.kind == "auto" and a.trigger == "on_ally_destroyed" and a.zone == ci.zone \
                    and stats.condition_ok(g, a.cond, ci.controller, ci):
                ctx = Context(controller=ci.controller, source_oid=ci.oid, source_label=ci.label, source_card=ci.card,
                              trigger_card=lki.oid, trigger_lki=lki)
                _standby(g, a, ctx, (ci.oid, idx), TRIGGER_CITES["on_ally_destroyed"] + a.cites + ZONE_CITES[a.zone])
    if g.battle is not None and lki.battle_opponent is not None:
        _opponent_destroyed(g, lki)


def _opponent_destroyed(g: "Game", victim: Lki) -> None:
    """A Pal's battle opponent (9.4.3: the two Pals of a battle are each other's) went from the base to the
    graveyard, a zone-change trigger (10.8.4): that Pal's printed `opponent_destroyed` abilities trigger, and its
    Breakthrough if it is the attacking Pal (12.14.2). The Pal is read as it is now, or by its last-known
    information if it left the base in the same simultaneous move (10.8.4.1.2, 10.12.1)."""
    b = g.battle
    oid = victim.battle_opponent
    assert b is not None and oid is not None
    pal = g.find(oid)
    pal_lki = g.lki.get(oid)
    lki_cites: tuple[str, ...] = ()
    if pal is not None:
        kws, label, controller, card = stats.keywords(g, pal), pal.label, pal.controller, pal.card
    elif pal_lki is not None and oid in g.leaving:
        # both left the base in one move: the Pal is read as it was in the base (10.8.4.1.2, 10.12.1)
        kws, label, controller, card = pal_lki.keywords, pal_lki.label, pal_lki.controller, pal_lki.card
        lki_cites = ("10.8.4.1.2", "10.12.1")
    else:
        return

    def context() -> Context:
        return Context(controller=controller, source_oid=oid, source_label=label, source_card=card,
                       source_lki=pal_lki, trigger_card=victim.oid, trigger_lki=victim)

    for idx, a in enumerate(card.abilities):
        if a.kind == "auto" and a.trigger == "opponent_destroyed" and a.zone == "base" \
                and (pal is None or stats.condition_ok(g, a.cond, controller, pal)):
            _standby(g, a, context(), (oid, idx), TRIGGER_CITES["opponent_destroyed"] + a.cites + lki_cites)
    if "breakthrough" in kws and oid == b.attacker and not b.attack_over:
        (ability,) = keyword_abilities("breakthrough", 0)
        _standby(g, ability, context(), (oid, "breakthrough"), ability.cites + lki_cites)


def _state_true(g: "Game", state: str | None, controller: int) -> bool:
    p = g.players[controller]
    if state == "hand_empty":
        return not p.hand
    if state == "no_pals":
        return not p.pals()
    return False


def state_triggers(g: "Game") -> None:
    """10.8.6 state triggers enter standby once per occurrence (10.8.6.1): those of a base card's abilities without a
    zone icon and of a hand or graveyard card's abilities with that zone's icon (10.3.4.1, 10.3.5), while the
    ability's condition holds (10.3.3: an inactive ability does not trigger; `fire_global` and `fire_self` alike)."""
    for ci in listening(g, "state"):
        for idx, a in enumerate(ci.card.abilities):
            if a.kind != "auto" or a.trigger != "state" or a.zone != ci.zone:
                continue  # (an ability with a zone icon works only in that zone, 10.3.4.1)
            key = (ci.oid, idx)
            if _state_true(g, a.state, ci.controller) and stats.condition_ok(g, a.cond, ci.controller, ci):
                if key not in g.state_armed and not any(p.key == key for p in g.pending):
                    g.state_armed.add(key)
                    ctx = Context(controller=ci.controller, source_oid=ci.oid, source_label=ci.label,
                                  source_card=ci.card)
                    _standby(g, a, ctx, key, ("10.8.6", "10.8.6.1") + (ZONE_CITES[a.zone] if a.zone != "base" else ()))
            else:
                g.state_armed.discard(key)
