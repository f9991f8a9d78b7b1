"""Effects and the specific actions (chapter 5), costs (10.4), playing and resolving (10.6),
targets (10.6.3) and replacement effects (10.11)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence, Union

from pal_judge.engine import replacement, stats, triggers
from pal_judge.engine.cards import Ability, Cost, Step, Target
from pal_judge.engine.deciders import Option, new_option, shuffle_cards
from pal_judge.engine.limits import MAX_X
from pal_judge.engine.pipeline import Move, move_group, set_rested
from pal_judge.engine.state import CardInstance, Context, Delayed, Modifier, Player

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

Thing = Union[CardInstance, int]  # a card, or a player index
DECLARED = "declared"  # `name: declared` in a selector or filter means the name declared by `declare`
TYPE_CITES = {"pal": "2.2.2.1", "structure": "2.2.2.2", "equipment": "2.2.2.3", "event": "2.2.2.4"}

STEP_CITES: dict[str, tuple[str, ...]] = {
    "draw": ("5.7.2",), "draw_up_to": ("5.7.3",), "power": ("10.2.1.2",), "grant": ("10.10.1.2",),
    "stand": ("5.2.1",), "rest": ("5.2.1",), "destroy": ("5.4.1",), "butcher": ("5.16.1",), "exile": ("5.5.1",),
    "place": ("5.4.1",), "discard": ("5.10.2",), "look_top": ("5.8.1",), "look_and_choose": ("5.9.1",),
    "shuffle": ("5.6.1",), "gain": ("3.3.1",), "life": ("3.2.1.1",), "deploy": ("5.15.2",), "night": ("5.3.2",),
    "nullify_attack": ("5.18.1",), "delayed": ("10.8.5",), "choose_one": ("10.6.2.2.1",), "win": ("1.2.4",),
    "lose": ("1.2.4",),
}


# ------------------------------------------------------------------------------ players and draws
def who_index(ctx: Context, who: str) -> int:
    # 3.1.2.4.1 with no player named, the effect's controller acts
    return ctx.controller if who == "you" else 1 - ctx.controller


def draw(g: "Game", idx: int, n: int, cites: Sequence[str]) -> None:
    """5.7.1 move the top card of the deck to the hand; 5.7.2 repeated n times."""
    p = g.players[idx]
    for _ in range(max(n, 0)):  # 1.3.2.2 zero or negative times: nothing
        if not p.deck:
            g.emit(f"{p.name} cannot draw: the deck is empty", ("1.3.2",) + tuple(cites), player=idx)
            return
        g.move(p.deck[0], "hand", tuple(cites) + ("5.7.1", "4.1.3", "4.6.1"), what=f"{p.name} draws a card")


def damage_player(g: "Game", idx: int, amount: int, cites: Sequence[str], source: str | None = None,
                  resolve: bool = True) -> None:
    """5.14.2 add to the player's damage taken (3.2.2.1); 11.2 resolves it at once (interrupt type)."""
    from pal_judge.engine import rule_actions

    if amount <= 0:
        g.emit(f"no damage to {g.pname(idx)} (amount {amount})", ("1.3.2.2",), player=idx, card=source)
        return
    p = g.players[idx]
    before = p.damage
    p.damage += amount
    g.emit(f"{source or 'an effect'} deals {amount} damage to {p.name}", tuple(cites) + ("5.14.2", "3.2.2.1", "3.2.2"),
           player=idx, card=source, before=("damage", before), after=("damage", p.damage))
    if resolve:
        rule_actions.player_damage(g)


def damage_card(g: "Game", ci: CardInstance, amount: int, cites: Sequence[str], source: str | None = None) -> bool:
    """5.14.1 add to the damage on a pal or structure in the base. False when no damage was dealt (none
    to deal, the card is gone, or 10.11.1.1 a replacement effect replaced it: it never happened)."""
    if amount <= 0 or ci.zone != "base" or g.find(ci.oid) is None:
        return False
    if replacement.replace(g, ci, "damage", cites):
        return False
    before = ci.damage
    ci.damage += amount
    g.damage_changed()  # lethal damage (11.4.1) reads it
    g.emit(f"{source or 'an effect'} deals {amount} damage to {ci.label}", tuple(cites) + ("5.14.1", "4.4.4"),
           player=ci.controller, card=ci.label, before=("damage", before), after=("damage", ci.damage))
    return True


def destroy_all(g: "Game", cards: Sequence[CardInstance], cites: Sequence[str], why: str) -> None:
    """Put base cards into their owners' graveyards at the same time (11.4.1, 11.5.1.3, 5.10.1)."""
    destroy_groups(g, [(cards, tuple(cites), why)])


def destroy_groups(g: "Game", groups: Sequence[tuple[Sequence[CardInstance], tuple[str, ...], str]]) -> None:
    """Several reasons sending base cards to the graveyard in one simultaneous move (11.1.2.4: the
    check-type rule actions of one check timing are performed at the same time). A card named by two
    groups moves once, for the first reason."""
    moves: list[Move] = []
    seen: set[int] = set()
    for cards, cites, why in groups:
        for c in cards:
            if c.oid not in seen and g.find(c.oid) is not None:
                seen.add(c.oid)
                moves.append(Move(c, "graveyard", tuple(cites) + ("3.1.1",),
                                  what=f"{c.label} is put into {g.pname(c.owner)}'s graveyard ({why})"))
    move_group(g, moves)


# ------------------------------------------------------------------------------ targets
def _lbl(g: "Game", t: Thing) -> str:
    return f"player {g.pname(t)}" if isinstance(t, int) else t.label


def candidates(g: "Game", t: Target, ctx: Context) -> list[Thing]:
    src = g.find(ctx.source_oid)
    if t.type == "player":
        return [i for i in (0, 1) if t.controller == "any" or (t.controller == "you") == (i == ctx.controller)]
    return list(stats.cards_matching(g, t, ctx.controller, src))


def choose(g: "Game", who: int, pool: list[Thing], n: int, up_to: bool, kind: str, prompt: str,
           may_skip: bool = False, cites: tuple[str, ...] = ()) -> list[Thing]:
    """10.6.3.1: choose n if possible (all of them when there are no more); up to n may stop.
    `cites`: the clauses that made the pool (hidden zone, card information), added to each choice."""
    if n <= 0:
        return []
    if not pool:
        g.emit("nothing can be chosen: the effects on it are ignored", ("10.6.3.1.3",), player=who)
        return []
    if len(pool) <= n and not up_to and not may_skip:
        if len(pool) < n:
            g.emit(f"only {len(pool)} of {n} can be chosen: all of them are", ("10.6.3.1.2", "10.6.3.1"), player=who)
        return list(pool)  # 10.6.3.1 obliged to choose when possible
    chosen: list[Thing] = []
    pool = list(pool)
    while len(chosen) < n and pool:
        opts = []
        seen: set[str] = set()
        for t in pool:
            lb = _lbl(g, t)
            if lb not in seen:
                seen.add(lb)
                opts.append(Option(lb, t))
        if up_to or may_skip:
            opts.append(Option("done"))
        opt = g.ask(kind, who, opts, prompt)
        if opt.label == "done":
            hidden = may_skip and not up_to
            g.emit(f"{g.pname(who)} chooses no more",
                   ("10.6.3.1.5", "5.9.1.2") + cites if hidden else ("10.6.3.1.1", "1.3.5.1", "1.3.5"), player=who)
            break
        chosen.append(opt.data)
        pool.remove(opt.data)
        g.emit(f"{g.pname(who)} chooses {opt.label}", ("10.6.3", "10.6.3.1") + (("10.6.3.1.1",) if up_to else ()) + cites,
               player=who, card=None if isinstance(opt.data, int) else opt.label)
    return chosen


def select(g: "Game", t: Target | None, ctx: Context, prompt: str = "") -> list[Thing]:
    if t is None:
        return []
    b = g.battle
    if t.word is not None:
        w = t.word
        if w == "you":
            return [ctx.controller]
        if w == "opponent":
            return [1 - ctx.controller]
        if w == "self":  # also a hand/graveyard card whose zone ability this is (10.3.4.1)
            c = g.find(ctx.source_oid) or g.find_anywhere(ctx.source_oid)
            return [c] if c else []
        if w == "attacker":  # 9.7.3.1 none after the first 9.7.3 of the end of battle step
            c = g.find(b.attacker) if b and not b.attack_over else None
            return [c] if c else []
        if w == "battle_opponent":
            opp = None
            if ctx.source_lki is not None:
                opp = ctx.source_lki.battle_opponent
            elif b is not None and ctx.source_oid is not None:
                opp = b.opponents.get(ctx.source_oid)
            c = g.find(opp)
            return [c] if c else []
        if w == "assigned":
            return [c for c in (g.find(o) for o in ctx.assigned) if c]
        if w == "trigger_card":
            c = g.find(ctx.trigger_card)
            return [c] if c else []
    if t.name == DECLARED:
        t = replace(t, name=ctx.declared or "")  # the name declared earlier by this effect (5.19.1)
    pool = candidates(g, t, ctx)
    _note_other_names(g, t, pool)
    if t.all:
        return pool
    hidden = t.zone == "hand" and (t.name is not None or t.type != "any")
    return choose(g, ctx.controller, pool, t.choose, t.up_to, "choose_targets",
                  prompt or "choose a target (10.6.3)", may_skip=hidden,  # 10.6.3.1.5
                  cites=selector_cites(t))


def selector_cites(t: Target) -> tuple[str, ...]:
    """The clauses a selector applies: 4.4.3 a card type without a zone means cards in a base; 2.16.1 a
    description by card information (type, cost, name, subtype) means the cards that have it; a hand
    is a hidden zone (4.1.2, 4.6.2), where a card described by its information may not be found."""
    out: tuple[str, ...] = ()
    if t.zone == "base" and t.type in ("pal", "structure", "equipment", "pal_or_structure"):
        out += ("4.4.3",)
    if any(v is not None for v in (t.max_cost, t.name, t.subtype, t.color, t.element, t.work, t.main_name)):
        out += ("2.16.1",)
    if t.name is not None or t.main_name is not None:
        out += ("2.1.4",)  # a 《name》 in a text: the card name or a part of it such as a main name
    if t.main_name is not None:
        out += ("2.1.3", "2.1.3.1")  # the main name: the part after " – " (2.1.3.2: a name without it has none)
    if t.subtype is not None:  # a "Lucky Pal" / "normal Pal" is a Pal of that subtype
        out += ("2.3.1", "2.3.1.2", "2.2.2.1.2") if t.subtype == "lucky" else ("2.3.1", "2.3.1.1", "2.2.2.1.3")
    if t.color is not None:
        # four colours (2.6.2); "a card with a colour" never matches a colorless card (2.6.3)
        out += ("2.6.1", "2.6.2") + (("2.6.3",) if t.color == "any" else ())
    if t.element is not None:
        out += ("2.4.1",) + (("2.4.2.1",) if t.element == "neutral" else ())
    if t.work is not None:
        out += ("2.5.1", "2.5.2")
    if t.zone == "hand":
        out += ("4.1.2", "4.6.2")
    return out


def _note_other_names(g: "Game", t: Target, pool: list[Thing]) -> None:
    """A card named by a selector through a name other than its card name: an added name (2.1.5) or its
    main or sub name (2.1.3, 2.1.3.1)."""
    if t.name is None:
        return
    for c in _cards(pool):
        if c.card.name == t.name:
            continue
        why = ("2.1.5",) if t.name in c.card.names else ("2.1.3", "2.1.3.1")
        g.emit(f"{c.label} has the name '{t.name}'", why + ("5.20.1.1",), player=c.controller, card=c.label)


# ------------------------------------------------------------------------------ steps
def run_steps(g: "Game", steps: Sequence[Step], ctx: Context) -> None:
    for s in steps:
        if s.cond is not None and not stats.condition_ok(g, s.cond, ctx.controller, g.find(ctx.source_oid)):
            continue  # 10.3.3 a step under a condition that does not hold
        if s.x or (s.target is not None and s.target.x):
            xv = choose_x(g, ctx)
            target = replace(s.target, choose=xv) if s.target is not None and s.target.x else s.target
            s = replace(s, amount=xv if s.x else s.amount, target=target)
        if s.amount_of is not None:
            s = replace(s, amount=amount_from_game(g, s.amount_of, ctx))
        _STEP_FUNCS[s.do](g, s, ctx)


AMOUNT_CITES = {"count": ("2.16.1",), "strike": ("2.9.1",), "power": ("2.8.1",)}


def amount_from_game(g: "Game", amount_of: tuple[str, Target], ctx: Context) -> int:
    """The number an effect reads from the game when it is done: a count of cards, or a card's strike or
    power (by its last-known information if it left the base, 10.12.1)."""
    kind, what = amount_of
    lki: tuple[str, ...] = ()
    if kind == "count":
        value, of = len(candidates(g, what, ctx)), "matching cards"
    else:
        cards = _cards(select(g, what, ctx))
        if cards:
            value, of = (stats.strike if kind == "strike" else stats.power)(g, cards[0]), cards[0].label
        else:
            last = g.lki.get(ctx.source_oid) if what.word == "self" and ctx.source_oid is not None else None
            value, of = (0, "no card") if last is None else (getattr(last, kind), last.label)
            lki = ("10.12.1",) if last is not None else ()
    g.emit(f"{ctx.source_label}: the amount is {value} ({kind} of {of})", AMOUNT_CITES[kind] + lki + ctx.cites[:1],
           player=ctx.controller, card=ctx.source_label, after={"amount": value})
    return value




def has_x(steps: Sequence[Step]) -> bool:
    """Is an X written anywhere in these steps, the steps they hold included (10.6.2.2.2)? Each step knows it of
    itself and what it holds (`Step.x_inside`, read as it is made)."""
    for s in steps:
        if s.x_inside:
            return True
    return False


def choose_x(g: "Game", ctx: Context) -> int:
    """10.6.2.2.2 (zh) an X the text does not define: the player chooses one value for it (a whole number
    0 or more, 1.3.5). The English says "X is regarded as 1"; the Chinese numbered text is followed."""
    if ctx.x is None:
        opt = g.ask("choose_x", ctx.controller, [Option(str(n), n) for n in range(MAX_X + 1)],
                    f"choose the value of X for {ctx.source_label} (10.6.2.2.2)")
        ctx.x = opt.data
        g.emit(f"{g.pname(ctx.controller)} chooses X = {ctx.x} for {ctx.source_label}", ("10.6.2.2.2", "10.6.2.2", "1.3.5"),
               player=ctx.controller, card=ctx.source_label, after={"X": ctx.x})
    return ctx.x


def _cites(s: Step, ctx: Context) -> tuple[str, ...]:
    return STEP_CITES.get(s.do, ()) + ctx.cites


def _s_draw(g: "Game", s: Step, ctx: Context) -> None:
    # 3.1.2.4.1 no player named: the effect's controller (3.1.2.4) draws
    extra = ("3.1.2.4", "3.1.2.4.1", "10.9.1") if s.who == "you" else ("10.9.1",)
    draw(g, who_index(ctx, s.who), s.amount or 0, _cites(s, ctx) + extra)


def _s_draw_up_to(g: "Game", s: Step, ctx: Context) -> None:
    idx = who_index(ctx, s.who)
    n = s.amount or 0
    done = 0
    while True:
        if n <= 0:
            g.emit("draw up to 0: nothing happens", ("5.7.3.1",), player=idx)
            return
        if g.ask("up_to", idx, [Option("continue"), Option("stop")], f"draw another card? ({done}/{n}, 5.7.3.2)").label == "stop":
            g.emit(f"{g.pname(idx)} stops drawing after {done}", ("5.7.3.2",), player=idx)
            return
        draw(g, idx, 1, ("5.7.3", "5.7.3.3"))
        done += 1
        if done >= n:
            g.emit(f"{g.pname(idx)} has drawn {n}: the instruction ends", ("5.7.3.4",), player=idx)
            return


def _s_look_top_up_to(g: "Game", s: Step, ctx: Context) -> None:
    """5.8.2 look at up to N cards from the top, one at a time."""
    idx = who_index(ctx, s.who)
    n = s.amount or 0
    if n <= 0:
        g.emit("look at up to 0: nothing happens", ("5.8.2", "5.8.2.1"), player=ctx.controller)
        return
    k = 1  # 5.8.2.2
    deck = g.players[idx].deck
    while k <= min(n, len(deck)):
        if g.ask("up_to", ctx.controller, [Option("continue"), Option("stop")],
                 f"look at card {k} from the top? (5.8.2.3)").label == "stop":
            g.emit(f"{g.pname(ctx.controller)} stops looking", ("5.8.2.3",), player=ctx.controller)
            return
        g.emit(f"{g.pname(ctx.controller)} looks at card {k} from the top of {g.pname(idx)}'s deck",
               ("5.8.2", "5.8.2.4") + (("5.8.2.2",) if k == 1 else ("5.8.2.5",)), player=ctx.controller,
               after={"seen": deck[k - 1].card.name})
        k += 1


def _s_damage(g: "Game", s: Step, ctx: Context) -> None:
    from pal_judge.engine import rule_actions

    cites = ("10.13.3",) + ctx.cites  # the source of damage from an effect is the ability's card
    for t in select(g, s.target, ctx):
        if isinstance(t, int):
            # damage to several players is dealt together, then resolved turn player first (11.2.1.1)
            damage_player(g, t, s.amount or 0, cites, ctx.source_label, resolve=False)
        else:
            damage_card(g, t, s.amount or 0, cites, ctx.source_label)
    rule_actions.player_damage(g)


def _modify(g: "Game", s: Step, ctx: Context, kind: str) -> None:
    target = s.target or Target(word="self")
    chosen = select(g, target, ctx)
    if not chosen and target.word == "self":
        # 10.10.2 / 4.1.4 this card left the base: the new object it became is not affected
        g.emit(f"{ctx.source_label} is not in the base: the {kind} change does not apply to it", ("10.10.2", "4.1.4"),
               player=ctx.controller, card=ctx.source_label)
    for t in chosen:
        if isinstance(t, int):
            continue
        if t.zone != "base":
            # 10.10.2 an effect of a resolved ability does not apply to a card that changed zone
            g.emit(f"{t.label} is not in the base: the {kind} change does not apply to it", ("10.10.2", "1.3.2"),
                   player=t.controller, card=t.label)
            continue
        before = stats.power(g, t)
        before_strike = stats.strike(g, t)
        g.modifiers.append(Modifier(t.oid, kind, s.amount or 0, s.keyword, s.duration, g.next_order()))
        g.state_changed()  # the new values are read before the event
        if kind == "strike":  # 2.9.1 strike is card information an effect may change (10.10.1.4)
            after = stats.strike(g, t)
            neg = ("1.3.2.4",) if after < 0 else ()
            g.emit(f"{t.label} gets {s.amount:+d} strike ({s.duration})", ("10.2.1.2", "10.10.1.4", "2.9.1") + neg
                   + ctx.cites, player=t.controller, card=t.label, before={"strike": before_strike},
                   after={"strike": after})
        elif kind == "power":
            after = stats.power(g, t)
            neg = ("1.3.2.4",) if after < 0 else ()  # values may be 0 or negative
            g.emit(f"{t.label} gets {s.amount:+d} power ({s.duration})", ("10.2.1.2", "10.10.1.4") + neg + ctx.cites,
                   player=t.controller, card=t.label, before=("power", before), after=("power", after))
        else:
            what = s.keyword[0] if s.keyword else kind
            g.emit(f"{t.label} gets {what} ({s.duration})", ("10.2.1.2", "10.10.1.2") + ctx.cites,
                   player=t.controller, card=t.label, after={kind: what})


def _s_stand_rest(g: "Game", s: Step, ctx: Context) -> None:
    for t in select(g, s.target, ctx):
        if not isinstance(t, int):
            set_rested(g, t, s.do == "rest", _cites(s, ctx))  # 5.2.1


def _cards(things: list[Thing]) -> list[CardInstance]:
    return [t for t in things if not isinstance(t, int)]


def _s_destroy(g: "Game", s: Step, ctx: Context) -> None:
    destroy_all(g, _cards(select(g, s.target, ctx)), _cites(s, ctx), f"effect of {ctx.source_label or 'an ability'}")


def _s_butcher(g: "Game", s: Step, ctx: Context) -> None:
    if s.target is not None:
        mine = [c for c in _cards(select(g, s.target, ctx)) if c.controller == ctx.controller]  # 5.16.1
    else:
        pool: list[Thing] = list(g.players[ctx.controller].pals())
        mine = _cards(choose(g, ctx.controller, pool, s.amount or 1, False, "choose_targets",
                             "choose pals to butcher (5.16.2)"))
    destroy_all(g, mine, ("5.16.1", "5.16.2") if s.target is None else ("5.16.1",), "butchered")


def _s_exile(g: "Game", s: Step, ctx: Context) -> None:
    move_group(g, [Move(c, "exile", _cites(s, ctx) + ("4.10.1",), what=f"{c.label} is exiled")
                   for c in _cards(select(g, s.target, ctx))])


def _s_place(g: "Game", s: Step, ctx: Context) -> None:
    to = s.to or "hand"
    ctx = _with_cites(ctx, ("4.1.6",))  # 4.1.6 to the zone of the card's owner/controller
    chosen = _cards(select(g, s.target, ctx))
    if to.startswith("deck"):
        # 4.1.5 several cards into one deck at once: that deck's player orders them
        ordered = [c for owner in (0, 1) for c in order_cards(g, owner, [c for c in chosen if c.owner == owner],
                                                              "bottom" if to == "deck_bottom" else "top")]
        move_group(g, [Move(c, "deck", _cites(s, ctx), bottom=to == "deck_bottom",
                            what=f"{c.label} is placed on the {to.replace('_', ' ')}") for c in ordered])
        return
    move_group(g, [Move(c, to, _cites(s, ctx) + (("5.15.1",) if to == "base" else ()), what=f"{c.label} is placed in the {to}")
                   for c in chosen])  # placed together (11.5.1.1 "last placed")


def discard_from_hand(g: "Game", idx: int, n: int, cites: Sequence[str], exclude: CardInstance | None = None) -> None:
    hand: list[Thing] = [c for c in g.players[idx].hand if c is not exclude]
    for c in _cards(choose(g, idx, hand, n, False, "choose_cards", f"discard {n} card(s) (5.10.2)")):
        g.move(c, "graveyard", tuple(cites) + ("5.10.1",), what=f"{g.pname(idx)} discards {c.card.name}")


def _s_discard(g: "Game", s: Step, ctx: Context) -> None:
    discard_from_hand(g, who_index(ctx, s.who), s.amount or 0, _cites(s, ctx))


def _s_look_top(g: "Game", s: Step, ctx: Context) -> None:
    idx = who_index(ctx, s.who)
    top = g.players[idx].deck[: max(s.amount or 0, 0)]
    g.emit(f"{g.pname(ctx.controller)} looks at the top {len(top)} card(s) of {g.pname(idx)}'s deck",
           _cites(s, ctx), player=ctx.controller, after={"seen": [c.card.name for c in top]})


def _s_look_and_choose(g: "Game", s: Step, ctx: Context) -> None:
    """5.9.1 look at the top N, choose cards (5.9.1.1 revealed, 5.9.1.2 may find none)."""
    p = g.players[ctx.controller]
    looked = p.deck[: max(s.amount or 0, 0)]
    f = s.filter
    if f is not None and f.name == DECLARED:
        f = replace(f, name=ctx.declared or "")  # 5.19.1
    pool: list[Thing] = [c for c in looked if f is None or stats.info_matches(c.card, f)]
    picked = _cards(choose(g, ctx.controller, pool, s.choose, False, "choose_cards",
                           "choose from the looked-at cards (5.9.1)", may_skip=f is not None,
                           cites=("4.1.2", "4.5.2") if f is not None else ()))
    for c in picked:
        g.move(c, s.to or "hand", ("5.9.1", "5.9.1.1") if f is not None else ("5.9.1", "5.9.1.3"),
               what=f"{p.name} reveals and takes {c.card.name}")
    rest = [c for c in looked if c not in picked]
    if s.rest == "graveyard":
        for c in rest:
            g.move(c, "graveyard", ("5.9.1",))
        return
    for c in order_cards(g, ctx.controller, rest, "bottom"):
        g.move(c, "deck", ("5.9.1", "4.1.5", "4.1.5.1"), bottom=True, what=f"{c.card.name} goes to the bottom of the deck")


def order_cards(g: "Game", idx: int, cards: list[CardInstance], where: str) -> list[CardInstance]:
    """4.1.5 cards put into an ordered zone (the deck, 4.1.3) at the same time: the player of that zone
    decides their order, by choosing which card is put there next (on the bottom: the last one chosen is
    the lowest; on top: the last one chosen is the top card). Cards of one name need no choice."""
    rest = list(cards)
    out: list[CardInstance] = []
    while len(rest) > 1 and len({c.card.name for c in rest}) > 1:
        names = list(dict.fromkeys(c.card.name for c in rest))
        opt = g.ask("order_cards", idx, [Option(n, n) for n in names],
                    f"which card goes on the {where} of the deck next? (4.1.5)")
        chosen = next(c for c in rest if c.card.name == opt.data)
        out.append(chosen)
        rest.remove(chosen)
        g.emit(f"{g.pname(idx)} puts {chosen.card.name} on the {where} of the deck next", ("4.1.5", "4.1.3"), player=idx)
    return out + rest


def shuffle(g: "Game", idx: int, cites: Sequence[str]) -> None:
    p = g.players[idx]
    shuffle_cards(g.rng, p.deck)  # 5.6.1
    extra = ("5.6.1.1",) if len(p.deck) <= 1 else ()
    g.emit(f"{p.name} shuffles the deck", tuple(cites) + ("5.6.1", "4.5.2") + extra, player=idx)


def _s_shuffle(g: "Game", s: Step, ctx: Context) -> None:
    shuffle(g, who_index(ctx, s.who), ctx.cites)


def gain(g: "Game", idx: int, resource: str, amount: int, cites: Sequence[str]) -> None:
    p = g.players[idx]
    before = p.resource(resource)
    after = before + amount
    floor: tuple[str, ...] = ()
    if after < 0:
        after, floor = 0, ("3.3.3.1", "3.3.3")  # 3.3.3.1 below 0 becomes 0
    setattr(p, resource, after)
    g.emit(f"{p.name} {'gains' if amount >= 0 else 'loses'} {abs(amount)} {resource}",
           (*cites[:1], *floor, *cites[1:], "3.3.1", "3.3.1.1", "3.3.1.2", "3.3.1.2.1", "3.3.2", "3.3.2.1"),
           player=idx, before=(resource, before), after=(resource, after))


def _s_gain(g: "Game", s: Step, ctx: Context) -> None:
    gain(g, who_index(ctx, s.who), s.resource or "material", s.amount or 0, ctx.cites)


def _s_life(g: "Game", s: Step, ctx: Context) -> None:
    p = g.players[who_index(ctx, s.who)]
    before = p.life
    p.life += s.amount or 0  # 3.2.1.1 no upper limit
    g.life_changed(p.idx)
    g.emit(f"{p.name}'s life changes by {s.amount:+d}", _cites(s, ctx), player=p.idx,
           before={"life": before}, after={"life": p.life})


def _s_deploy(g: "Game", s: Step, ctx: Context) -> None:
    f = s.filter or Target(all=True, type="any")
    p = g.players[ctx.controller]
    pool: list[Thing] = [c for c in p.zone(s.from_zone) if c.card.type in ("pal", "structure", "equipment")
                         and stats.info_matches(c.card, f)]
    for c in _cards(choose(g, ctx.controller, pool, 1, False, "choose_cards", f"deploy a card from {s.from_zone} (5.15.2)",
                           may_skip=s.from_zone == "hand",
                           cites=("4.1.2", "4.6.2") if s.from_zone == "hand" else ("4.7.2",))):
        # 5.15.2.1 to the base of the effect's controller
        g.move(c, "base", ("5.15.2", "5.15.2.1") + ctx.cites, what=f"{p.name} deploys {c.card.name} from {s.from_zone}")


def set_night(g: "Game", value: bool, cites: Sequence[str]) -> None:
    if g.night == value:
        return  # 1.3.2.1
    g.night = value
    g.state_changed()
    g.emit("it becomes night" if value else "night ends", tuple(cites) + ("5.3.2", "5.3.1", "5.3.1.1"),
           before={"night": not value},
           after={"night": value})


def _s_night(g: "Game", s: Step, ctx: Context) -> None:
    set_night(g, s.value, ctx.cites)


def _s_nullify(g: "Game", s: Step, ctx: Context) -> None:
    b = g.battle
    if b is None or g.find(b.attacker) is None:
        g.emit("no attack to nullify", ("1.3.2",), player=ctx.controller)
        return
    b.nullified = True
    g.emit("the attack is nullified", ("5.18.1",) + ctx.cites, player=ctx.controller, card=ctx.source_label)


def _s_delayed(g: "Game", s: Step, ctx: Context) -> None:
    g.delayed.append(Delayed(s.trigger or "end_of_turn", s.effect, ctx, s.phase, s.whose))
    when = f"{s.trigger} ({s.phase})" if s.phase else s.trigger
    g.emit(f"{ctx.source_label}: a delayed ability waits for {when}", ("10.8.5",), player=ctx.controller,
           card=ctx.source_label)


def _ask_mode(g: "Game", s: Step, ctx: Context) -> int:
    opt = g.ask("choose_one", ctx.controller, [Option(f"option {i + 1}", i) for i in range(len(s.options))],
                "choose 1 (10.6.2.2.1)")
    g.emit(f"{g.pname(ctx.controller)} chooses {opt.label}; the others do not exist for this use",
           ("10.6.2.2", "10.6.2.2.1"), player=ctx.controller, card=ctx.source_label)
    return int(opt.data)


def choose_modes(g: "Game", steps: Sequence[Step], ctx: Context) -> None:
    """10.6.2.2 / 10.6.2.2.1 the options of a "choose 1" are chosen while the card or ability is used, before
    its cost is paid (10.6.2.3) and before it resolves; the options not chosen do not exist for this use.
    Only the steps of the text itself: one inside a repeated 〈…〉 or a delayed ability is chosen each time."""
    for s in steps:
        if s.do == "choose_one" and id(s) not in ctx.modes:
            ctx.modes[id(s)] = _ask_mode(g, s, ctx)


def _s_choose_one(g: "Game", s: Step, ctx: Context) -> None:
    k = ctx.modes.pop(id(s), None)
    run_steps(g, s.options[_ask_mode(g, s, ctx) if k is None else k], ctx)


def _s_win_lose(g: "Game", s: Step, ctx: Context) -> None:
    idx = who_index(ctx, s.who)
    winner = idx if s.do == "win" else 1 - idx
    g.end_game("win", winner, f"an effect makes {g.pname(idx)} {'win' if s.do == 'win' else 'lose'}", ("1.2.4",))


def _s_restriction(g: "Game", s: Step, ctx: Context) -> None:
    for t in _cards(select(g, s.target or Target(word="self"), ctx)):
        g.modifiers.append(Modifier(t.oid, s.do, duration="until_end_of_turn", order=g.next_order(),
                                    against=s.filter if s.do == "cannot_attack" else None, controller=ctx.controller))
        g.state_changed()
        what = s.do.replace('_', ' ') + (f" {_against_text(s.filter)}" if s.do == "cannot_attack" and s.filter else "")
        g.emit(f"{t.label}: {what} until end of turn", ("10.10.1.3",), player=t.controller, card=t.label)


def _against_text(t: Target) -> str:
    if t.word is not None:
        return f"the {t.word} player" if t.word in ("you", "opponent") else t.word
    return " ".join(x for x in (t.controller if t.controller != "any" else "", t.name or "", t.type) if x)


def _s_pal_limit(g: "Game", s: Step, ctx: Context) -> None:
    p = g.players[ctx.controller]
    before = p.pal_limit
    p.pal_limit += s.amount or 0
    g.state_changed()  # pal overflow (11.5) reads the limit: the next check timing looks for it again
    g.emit(f"{p.name}'s pal limit becomes {p.pal_limit}", ("4.4.5",), player=p.idx, before={"pal_limit": before},
           after={"pal_limit": p.pal_limit})


def _s_exchange(g: "Game", s: Step, ctx: Context) -> None:
    """5.11.1 swap the zones of two cards; 5.11.2 if either cannot move, nothing happens."""
    a = _cards(select(g, s.target, ctx, "choose the first card to exchange (5.11.1)"))
    b = _cards(select(g, s.filter, ctx, "choose the card to exchange it with (5.11.1)"))
    if not a or not b or a[0].zone == "resolution" or b[0].zone == "resolution":
        g.emit("the exchange cannot be done: nothing happens", ("5.11.2",), player=ctx.controller)
        return
    x, y = a[0], b[0]
    zx, zy = x.zone, y.zone
    # 5.11.1 both move at the same time: one event, one look-back snapshot (10.8.4.1.2)
    move_group(g, [Move(x, zy, ("5.11.1",), what=f"{x.label} is exchanged into the {zy}"),
                   Move(y, zx, ("5.11.1",), what=f"{y.label} is exchanged into the {zx}")])


def _s_declare(g: "Game", s: Step, ctx: Context) -> None:
    """5.19.1 declare a card name: any card that exists (here: any card this game knows)."""
    names = sorted({c.card.name for p in g.players for z in (p.deck, p.hand, p.base, p.graveyard, p.exile) for c in z}
                   | {c.card.name for c in g.resolution if not isinstance(c, tuple)})
    opt = g.ask("declare_name", ctx.controller, [Option(n, n) for n in names], "declare a card name (5.19.1)")
    ctx.declared = opt.data
    g.emit(f"{g.pname(ctx.controller)} declares '{opt.data}'", ("5.19.1",) + ctx.cites, player=ctx.controller,
           card=ctx.source_label, after={"declared": opt.data})


def _s_repeat(g: "Game", s: Step, ctx: Context) -> None:
    """Perform the 〈…〉 text N times; each time its choices are made again and may repeat a target
    (10.6.3.1.4); 0 or fewer times: nothing (1.3.2.2)."""
    n = s.amount or 0
    for i in range(n):
        g.emit(f"{ctx.source_label}: time {i + 1} of {n}", ("10.6.3.1.4",), player=ctx.controller, card=ctx.source_label)
        run_steps(g, s.effect, ctx)


def _with_cites(ctx: Context, extra: tuple[str, ...]) -> Context:
    return replace(ctx, cites=ctx.cites + extra)


def _s_noop(g: "Game", s: Step, ctx: Context) -> None:
    return None


_STEP_FUNCS = {
    "draw": _s_draw, "draw_up_to": _s_draw_up_to, "damage": _s_damage,
    "power": lambda g, s, c: _modify(g, s, c, "power"),
    "strike": lambda g, s, c: _modify(g, s, c, "strike"), "grant": lambda g, s, c: _modify(g, s, c, "grant"),
    "stand": _s_stand_rest, "rest": _s_stand_rest, "destroy": _s_destroy, "butcher": _s_butcher,
    "exile": _s_exile, "place": _s_place, "discard": _s_discard, "look_top": _s_look_top,
    "look_and_choose": _s_look_and_choose, "shuffle": _s_shuffle, "gain": _s_gain, "life": _s_life,
    "deploy": _s_deploy, "night": _s_night, "nullify_attack": _s_nullify, "delayed": _s_delayed,
    "choose_one": _s_choose_one, "look_top_up_to": _s_look_top_up_to, "exchange": _s_exchange,
    "declare": _s_declare, "repeat": _s_repeat, "win": _s_win_lose, "lose": _s_win_lose,
    "must_attack": _s_restriction, "cannot_attack": _s_restriction, "cannot_block": _s_restriction,
    "cannot_be_blocked": _s_restriction, "pal_limit": _s_pal_limit, "trigger_times": _s_noop,
}


def breakthrough(g: "Game", ctx: Context) -> None:
    """12.14.2 deal damage equal to this card's strike to the battle opponent's controller."""
    src = g.find(ctx.source_oid)
    extra: tuple[str, ...] = ()
    if src is not None:
        value = stats.strike(g, src)
    else:
        # 10.12.1 it left the base before this resolved: its strike as it last was in the base
        lki = g.lki.get(ctx.source_oid) if ctx.source_oid is not None else ctx.source_lki
        value, extra = (lki.strike if lki else 0), ("10.12.1",)
    victim = ctx.trigger_lki.controller if ctx.trigger_lki else 1 - ctx.controller
    damage_player(g, victim, value, ("12.14.2", "10.13.3") + extra, ctx.source_label)


# ------------------------------------------------------------------------------ costs (10.4)
def can_pay(g: "Game", who: int, costs: Sequence[Cost], source: CardInstance | None) -> bool:
    """10.4.2.2 a cost is payable only as a whole."""
    if not costs:
        return True
    p = g.players[who]
    souls = discards = 0
    for c in costs:
        kind = c.kind
        if kind == "soul":
            souls += c.amount
        elif kind == "rest":
            if source is None or source.zone != "base" or source.rested:
                return False
        elif kind == "discard":
            if not c.self_card:
                discards += c.amount
            elif source is None or source.zone != "hand":
                return False
        elif kind == "consume":
            if p.resource(c.resource or "material") < c.amount:
                return False  # 3.3.3.2
        elif kind == "assign":
            if len(_assignable(p, source)) < c.amount:
                return False
        elif kind == "butcher" and len(p.pals()) < c.amount:
            return False
    if souls > p.soul_standing:
        return False
    # the hand cards other than the source (each object once in a zone, 4.1.4)
    return not discards or discards <= len(p.hand) - (source is not None and source in p.hand)


def _assignable(p: Player, source: CardInstance | None) -> list[CardInstance]:
    """The pals a cost of this player can assign (5.17.2): its standing pals but the source, in base order (a loop,
    not a comprehension over `Player.pals`: a cost is checked at about every main-phase decision, `usable_abilities`)."""
    pals = []
    for x in p.base:
        if x.card.type == "pal" and not x.rested and (source is None or x.oid != source.oid):
            pals.append(x)
    return pals


def pay_souls(g: "Game", who: int, n: int, cites: Sequence[str]) -> None:
    """10.4.3 rest that many standing souls in the soul area."""
    if n <= 0:
        return
    p = g.players[who]
    before = (p.soul_standing, p.soul_rested)
    p.soul_standing -= n
    p.soul_rested += n
    # 13.2.2 / 13.2.3 souls are managed as counts: standing and rested souls in the soul area (4.9.2)
    g.emit(f"{p.name} pays {n} soul", tuple(cites) + ("10.4.3", "4.9.2", "13.2.3"), player=who,
           before=("souls_standing", before[0], "souls_rested", before[1]),
           after=("souls_standing", p.soul_standing, "souls_rested", p.soul_rested))


def assign(g: "Game", pal: CardInstance, structure: CardInstance | None, ctx: Context | None) -> None:
    """5.17.1: a rested pal is not assigned; else rest it: it is assigned to the structure."""
    if pal.rested:
        g.emit(f"{pal.label} is rested and is not assigned", ("5.17.1", "5.17.1.1"), player=pal.controller, card=pal.label)
        return
    to = structure.label if structure else "a structure"
    set_rested(g, pal, True, ("5.17.1", "5.17.1.2", "5.17.3") if structure else ("5.17.1", "5.17.1.2"),
               what=f"{pal.label} is assigned to {to}", after={"assigned_to": to})
    if ctx is not None:
        ctx.assigned = ctx.assigned + (pal.oid,)
    triggers.fire_self(g, pal, "on_assign", assigned=(pal.oid,))
    if structure is not None:
        triggers.fire_self(g, structure, "on_assigned", assigned=(pal.oid,))


def pay(g: "Game", who: int, costs: Sequence[Cost], source: CardInstance | None, ctx: Context) -> None:
    """10.4.2.1 pay the cost's actions in the order written."""
    p = g.players[who]
    if len(costs) > 1:
        parts = [f"{c.kind} {'self' if c.self_card else (c.resource or '')} {c.amount}".replace("  ", " ") for c in costs]
        g.emit(f"{p.name} pays the cost in the order written: {', then '.join(parts)}", ("10.4.2.1", "10.4.2"),
               player=who, card=source.label if source is not None else None)
    for c in costs:
        if c.kind == "soul":
            pay_souls(g, who, c.amount, ("10.4.2", "10.4.1", "5.12.2"))
        elif c.kind == "rest" and source is not None:
            set_rested(g, source, True, ("10.4.2", "5.2.1"))
        elif c.kind == "discard" and c.self_card and source is not None and source.zone == "hand":
            g.move(source, "graveyard", ("10.4.2", "5.10.1"), what=f"{p.name} discards {source.card.name} (cost)")
        elif c.kind == "discard":
            discard_from_hand(g, who, c.amount, ("10.4.2",), exclude=source)
        elif c.kind == "consume":
            before = p.resource(c.resource or "material")
            setattr(p, c.resource or "material", before - c.amount)
            g.emit(f"{p.name} consumes {c.amount} {c.resource}", ("10.4.2", "5.13.1", "3.3.3.2", "3.3.2.1"), player=who,
                   before={c.resource or "material": before}, after={c.resource or "material": before - c.amount})
        elif c.kind == "assign":
            pool: list[Thing] = list(_assignable(p, source))
            picked = _cards(choose(g, who, pool, c.amount, False, "choose_cards", "choose pals to assign (5.17.2)"))
            g.emit(f"{p.name} assigns {', '.join(x.label for x in picked)} (cost)", ("5.17.2", "10.4.2"), player=who)
            for pal in picked:
                assign(g, pal, source if source is not None and source.card.type == "structure" else None, ctx)
        elif c.kind == "butcher":
            pool = list(p.pals())
            destroy_all(g, _cards(choose(g, who, pool, c.amount, False, "choose_cards", "choose pals to butcher (5.16.2)")),
                        ("10.4.2", "5.16.2"), "butchered")


# ------------------------------------------------------------------------------ playing (10.6)
def play_option(ci: CardInstance) -> Option:
    """The option of playing this hand card (8.2.1, 9.5.2): `play NAME`, one for each card name."""
    return new_option((f"play {ci.card.name}", ("play", ci.oid)))


def play_card(g: "Game", who: int, ci: CardInstance, cites: Sequence[str]) -> None:
    """10.6.2: to the resolution zone, choices, pay the cost, resolve."""
    p = g.players[who]
    card = ci.card
    # 10.6.2.1 / 10.6.2.1.1 revealed and put into the resolution zone
    r = g.move(ci, "resolution", tuple(cites) + ("10.6.1", "10.6.2", "10.6.2.1", "10.6.2.1.1", "4.1.2.1", "4.11.1",
                                                 "4.11.2", "10.5.4.2", TYPE_CITES[card.type], "2.2.1"),
               what=f"{p.name} plays {card.name}")
    assert r is not None  # a move from the hand is never replaced (only base-to-graveyard ones are)
    event = card.type == "event"  # the one card type with an effect of its own (2.2.2.4); the others have no choices
    if event:
        ctx = Context(controller=who, source_oid=r.oid, source_label=card.name, source_card=card)
        if card.effect and has_x(card.effect):
            choose_x(g, ctx)  # 10.6.2.2 choices are made before the cost is paid
        choose_modes(g, card.effect, ctx)
    pay_souls(g, who, card.cost, ("10.6.2.3", "2.7.1", "5.12.1", TYPE_CITES[card.type]))  # 10.6.2.3 soul cost (2.7.1)
    if not event:  # a pal, structure or equipment
        g.move(r, "base", ("10.6.2.4", "10.6.2.4.1", "5.15.1", "4.4.1", "4.3.2.3"),
               what=f"{card.name} enters {p.name}'s base")
    else:
        ctx.cites = ("10.6.2.4", "10.2.1.1")
        run_steps(g, card.effect, ctx)  # 10.6.2.4.2
        if r in g.resolution:
            g.move(r, "graveyard", ("10.6.2.4.2", "2.2.2.4"), what=f"{card.name} goes to the graveyard after resolving")


# a usable activated ability: its card and its number among the card's printed abilities (`ability_option`)
Usable = tuple[CardInstance, int, Ability]


def usable_abilities(g: "Game", who: int, quick: bool, in_hand: list[CardInstance]) -> list[Usable]:
    """Usable activated abilities (8.3.1 / 9.5.2): active zone (10.3.4, 10.3.5), use limit (10.7.2),
    condition, and a payable cost (10.4.2.2). Of the player's base cards with one (`stats.Zones.activating`), then
    of `in_hand`: their hand cards that may have one usable from the hand, in hand order (read by the caller's own
    pass over the hand)."""
    usable = []
    for cards in (g.zones.activating[who], in_hand):
        for c in cards:
            zone = c.zone
            for i, a in c.card.activated:
                if a.zone != zone:
                    continue  # 10.3.4.1 an ability works from its zone only
                if quick and not a.quick:
                    continue
                if not quick and a.keyword == "interrupt":
                    continue  # nullifying needs an attack: only offered in the quick step
                if a.limit is not None and g.uses.get((c.oid, i), 0) >= a.limit:
                    continue
                if a.cond is not None and not stats.condition_ok(g, a.cond, who, c):
                    continue
                for costs in a.costs:  # 10.4.2.2 one of its ways to pay (10.6.2.3.1) can be paid as a whole
                    if can_pay(g, who, costs, c):
                        usable.append((c, i, a))
                        break
    return usable


def ability_option(usable: Usable) -> Option:
    """The option of using this ability (8.3.1, 9.5.2): `activate NAME`, or `activate NAME: ABILITY` when the card has
    several activated abilities in its zone (the ability's name, or `#k`: its place among them)."""
    c, index, ability = usable
    zone = c.zone
    here = [i for i, a in c.card.activated if a.zone == zone]
    label = f"activate {c.label}" if len(here) == 1 else \
        f"activate {c.label}: {ability.name or f'#{here.index(index) + 1}'}"
    return new_option((label, ("activate", c.oid, index)))


def activate(g: "Game", who: int, ci: CardInstance, index: int, ability: Ability, cites: Sequence[str]) -> None:
    """8.3 / 9.5.2 use an activated ability: 10.6.2.1.2 virtual card, 10.6.2.3 costs, resolve."""
    ctx = Context(controller=who, source_oid=ci.oid, source_label=ci.label, source_card=ci.card)
    costs = ability.cost
    payable = [k for k, cs in enumerate(ability.costs) if can_pay(g, who, cs, ci)]
    if len(ability.costs) > 1 and payable:
        # 10.6.2.3.1 several ways to pay: choose one when the cost is decided (12.8.2 Interrupt): the soul,
        # or which other card is discarded; asked whenever more than one of these is possible
        opts = [Option("soul", (0, None))] if 0 in payable else []
        if 1 in payable:
            names = dict.fromkeys(c.card.name for c in g.players[who].hand if c.oid != ci.oid)
            opts += [Option(f"discard {n}", (1, n)) for n in names]
        choice = opts[0] if len(opts) == 1 else g.ask(
            "interrupt_payment", who, opts, "pay Interrupt with 1 soul, or discard another card (12.8.2)")
        k, name = choice.data
        costs = ability.costs[k]
        if name is not None:
            other = next(c for c in g.players[who].hand if c.card.name == name and c.oid != ci.oid)
            g.resolution.append(("ability", ci.label))
            g.emit(f"{g.pname(who)} uses {ci.label}: {ability.name or 'ability'}",
                   _activation_cites(ability, cites, True), player=who, card=ci.label)
            g.move(ci, "graveyard", ("10.4.2", "10.4.2.1", "5.10.1"), what=f"{g.pname(who)} discards {ci.card.name} (cost)")
            g.move(other, "graveyard", ("10.4.2", "10.4.2.1", "5.10.1"), what=f"{g.pname(who)} discards {name} (cost)")
            _finish_activation(g, who, ci, index, ability, ctx)
            return
    g.resolution.append(("ability", ci.label))
    g.emit(f"{g.pname(who)} uses {ci.label}: {ability.name or 'ability'}",
           _activation_cites(ability, cites, len(ability.costs) > 1), player=who, card=ci.label)
    if has_x(ability.effect):
        choose_x(g, ctx)  # 10.6.2.2 before the cost (10.6.2.3)
    choose_modes(g, ability.effect, ctx)
    pay(g, who, costs, ci, ctx)
    _finish_activation(g, who, ci, index, ability, ctx)


def _activation_cites(ability: Ability, cites: Sequence[str], several_payments: bool) -> tuple[str, ...]:
    """The clause that allowed the use first (`cites[0]`: 8.3.1, 12.2.1.1 …), then what is particular to
    this ability (its keyword, use limit 10.7.2, condition, 10.6.2.3.1 several ways to pay), then the
    timing clauses, then 10.6.2 using an ability and 3.1.2.2 its controller is who uses it."""
    own = ability.cites + (("10.6.2.3.1",) if several_payments else ())
    if ability.quick:
        own += ("10.1.1.1.2",)
    if ability.limit is not None:
        own += ("10.7.2", "10.7.1")
    if ability.cond is not None:
        own += (("5.3.4",) if ability.cond in ("night", "day") else ()) + ("10.3.3",)
    return (*cites[:1], *own, *cites[1:], "10.5.4.2", "10.6.1", "10.6.2", "10.6.2.1.2", "10.6.2.4.3", "10.1.1",
            "10.1.1.1.1", "3.1.2", "3.1.2.2", "10.2.1") + (("10.4.1",) if ability.cost else ())


def _finish_activation(g: "Game", who: int, ci: CardInstance, index: int, ability: Ability, ctx: Context) -> None:
    if ability.limit is not None:
        g.uses[(ci.oid, index)] = g.uses.get((ci.oid, index), 0) + 1  # 10.7.2
    run_steps(g, ability.effect, ctx)  # 10.6.2.4.3
    g.resolution.pop()
