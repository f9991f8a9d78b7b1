"""Rule actions (chapter 11): player damage with the Lucky check, defeat, lethal damage, overflow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.engine import effects, stats
from pal_judge.engine.deciders import Option
from pal_judge.engine.limits import RULE_ACTION_ROUNDS
from pal_judge.engine.state import CardInstance

if TYPE_CHECKING:
    from pal_judge.engine.game import Game


def player_damage(g: "Game") -> None:
    """11.2 interrupt-type: runs at once whenever a player's damage taken is 1 or more."""
    while True:
        tp = g.turn_player
        turn_player_hurt = g.players[tp].damage >= 1
        other = g.opp(tp)
        other_hurt = g.players[other].damage >= 1
        if not (turn_player_hurt or other_hurt):
            return
        # 11.2.1.1 / 11.1.2.2 the turn player's damage is resolved first
        _resolve_player_damage(g, tp if turn_player_hurt else other, turn_player_hurt and other_hurt)


def _resolve_player_damage(g: "Game", idx: int, simultaneous: bool) -> None:
    p = g.players[idx]
    owed = p.damage
    first: tuple[str, ...] = ("11.2.1", "11.2.1.1") if simultaneous else ("11.2.1",)
    first += ("11.1.2.2",) if simultaneous else ()
    g.emit(f"{p.name} resolves {owed} damage", first + ("11.2.2", "11.1.1", "11.1.2", "11.1.2.1"), idx, None,
           ("damage", owed))  # (player, card, before by position: `Game.emit`)
    put = 0
    while True:
        if p.deck:
            top = p.deck[0]
            moved = g.move(top, "graveyard", ("11.2.2.1",), what=f"{p.name} puts {top.card.name} from the top of the deck"
                           f" into the graveyard{' (Lucky)' if top.card.lucky else ''}")
            put += 1
            assert moved is not None  # a move from the deck is never replaced (only base-to-graveyard ones are)
            if moved.card.lucky:
                # 11.2.2.2 a Lucky icon: go to 11.2.2.4, no life is lost
                p.damage = 0
                g.emit(f"Lucky! {p.name}'s {owed} damage is cancelled", ("11.2.2.2", "11.2.2.4", "2.10.1")
                       + (("2.3.1.2", "2.2.2.1.2") if moved.card.subtype == "lucky" else ()), idx, moved.label,
                       ("damage", owed), ("damage", 0, "life", p.life))
                return
        if put >= owed or not p.deck:
            # 11.2.2.3 enough cards put, or the deck is empty: lose life equal to the damage
            before = p.life
            p.life -= owed
            p.damage = 0
            g.life_changed(idx)
            why = "the deck is empty" if not p.deck and put < owed else f"{put} card(s) put, no Lucky"
            g.emit(f"{p.name} loses {owed} life ({why})", ("11.2.2.3", "11.2.2.4", "3.2.1"), idx, None,
                   ("life", before, "damage", owed), ("life", p.life, "damage", 0))
            return


def run_check_type(g: "Game") -> None:
    """10.5.3.1 perform every check-type rule action at once; repeat while any applies.
    11.1.2.4 lethal damage (11.4) and pal overflow (11.5) are both read from the same board and their
    cards go to the graveyard in one simultaneous move: overflow counts a pal that lethal damage is
    removing at the same moment (and keeps it first if it was the last placed, 11.5.1.1)."""
    a, b = g.players
    for _round in range(RULE_ACTION_ROUNDS):
        if not (a.life > 0 and a.deck and b.life > 0 and b.deck):
            _defeat(g)  # (11.3 can apply only when a player has no life left or no deck)
        if g.rules_clean_at == g.board_version:
            return  # nothing lethal damage and overflow read has changed since they last found nothing
        groups = _lethal(g)
        # 11.5 can apply only if a base has more cards than its player's printed pal limit or a continuous effect
        # changes a limit (4.4.5)
        if len(a.base) > a.pal_limit or len(b.base) > b.pal_limit \
                or "pal_limit" in g.zones.continuous_kinds:
            groups += _overflow(g)
        if not groups:
            g.rules_clean_at = g.board_version
            return
        if len(groups) > 1:
            g.emit("these rule actions are performed at the same time", ("11.1.2.4", "10.5.3.1"))
        effects.destroy_groups(g, groups)
    # 13.1.1.1 the rule actions still apply after every round (e.g. lethal damage on a Pal whose mandatory
    # replacement keeps it in the base): a loop no player can stop, so the game is a draw
    g.end_game("loop_draw", None, f"rule actions repeat without end ({RULE_ACTION_ROUNDS} rounds in one check timing)",
               ("13.1.1.1", "13.1.1", "10.5.3.1"))


def _defeat(g: "Game") -> None:
    """11.3: life 0 or less, or no cards in the deck; all at once means a draw (1.2.2). The game ends (`end_game`
    raises `GameOver`) or nothing happens (`run_check_type` calls it only when a player has no life left or no deck)."""
    losers = []
    for p in g.players:
        if p.life <= 0:
            losers.append((p.idx, "11.3.1", f"{p.name}'s life is {max(p.life, 0)}"))  # 3.2.1.2 read as 0
            if p.life < 0:
                losers.append((p.idx, "3.2.1.2", ""))
        elif not p.deck:
            losers.append((p.idx, "11.3.2", f"{p.name}'s deck is empty"))
    if not losers:
        return
    extra = tuple(c for _, c, r in losers if not r) + ("11.1.1", "11.1.2", "11.1.2.3", "10.5.3.1")
    losers = [x for x in losers if x[2]]
    if len(losers) == 2:
        g.end_game("draw", None, "both players lose at once: " + "; ".join(r for _, _, r in losers),
                   ("1.2.2", "11.3.3", losers[0][1], losers[1][1]) + extra)
    idx, cite, reason = losers[0]
    g.end_game("win", g.opp(idx), f"{reason}, {g.pname(idx)} loses", ("1.2.1", "1.2.1.1" if cite == "11.3.1" else "1.2.1.2",
                                                                    cite, "11.3.3") + extra)


Group = tuple[list[CardInstance], tuple[str, ...], str]


def _lethal(g: "Game") -> list[Group]:
    """11.4.1 damage > 0 and >= power/durability: to the owner's graveyard."""
    doomed = []
    for p in g.players:
        for ci in p.base:  # only a damaged card is read (its power, 10.10.1)
            if ci.damage > 0 and ci.card.type in ("pal", "structure") and ci.damage >= stats.power_detail(g, ci)[0]:
                doomed.append(ci)
    if not doomed:
        return []
    kinds = ("2.8.1",)  # 2.8.1 a pal's power; 2.8.3 a structure's durability (a loop: no generator made each time)
    for c in doomed:
        if c.card.type == "structure":
            kinds = ("2.8.1", "2.8.3")
            break
    return [(doomed, ("11.4.1", "11.4.2", "11.1.2.3", "11.1.2.4", "10.5.3.1") + kinds, "lethal damage")]


def _overflow(g: "Game") -> list[Group]:
    """11.5 more pals than the pal limit: keep the newest, the controller picks the rest."""
    out: list[Group] = []
    for idx in (g.turn_player, g.opp(g.turn_player)):  # 1.3.4 the turn player chooses first
        p = g.players[idx]
        limit = max(stats.pal_limit(g, idx), 0)  # 1.3.2.2.1 a negative limit is read as 0
        if len(p.base) <= limit:
            continue  # not even as many cards as the limit
        pals = p.pals()
        if len(pals) <= limit:  # (no pals: 0 is never above a limit, which is at least 0)
            continue
        last_batch = max(c.placed for c in pals)
        last = [c for c in pals if c.placed == last_batch]
        older = [c for c in pals if c.placed != last_batch]
        keep: list[CardInstance] = []
        if len(last) > limit:  # 11.5.1.1 choose limit-many among the last placed
            keep = _pick_keep(g, idx, last, limit, "11.5.1.1")
        else:
            keep = list(last)
        keep += _pick_keep(g, idx, older, limit - len(keep), "11.5.1.2")
        gone = [c for c in pals if c not in keep]
        g.emit(f"{p.name} has {len(pals)} pals, limit {limit}: keeps {', '.join(c.label for c in keep)}",
               ("11.5.1", "11.5.1.1", "11.5.1.2", "4.4.5") + (("4.4.5.2",) if limit == 5 else ())
               + ("4.4.5.1", "11.5.2", "10.5.3.1", "11.1.2.3"),
               player=idx, before={"pals": len(pals)}, after={"pals": len(keep)})
        out.append((gone, ("11.5.1.3", "11.5.2"), "pal overflow"))
    return out


def _pick_keep(g: "Game", idx: int, pool: list[CardInstance], n: int, cite: str) -> list[CardInstance]:
    pool = list(pool)
    if n <= 0:
        return []
    if len(pool) <= n:
        return pool
    keep: list[CardInstance] = []
    while len(keep) < n:
        opt = g.ask("overflow_keep", idx, [Option(c.label, c.oid) for c in pool], f"choose a pal to keep ({cite})")
        chosen = next(c for c in pool if c.oid == opt.data)
        keep.append(chosen)
        pool.remove(chosen)
    return keep
