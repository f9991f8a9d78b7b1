"""Battle (chapter 9): legal attackers and targets, block, quick step, damage, end of battle."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pal_judge.engine import effects, pipeline, stats, timing, triggers
from pal_judge.engine.deciders import Menu, Option, new_option
from pal_judge.engine.state import Battle, CardInstance

if TYPE_CHECKING:
    from pal_judge.engine.game import Game


# what the defending base offers an attacker that no effect forbids a target (9.2.4.1): the targets and their taunt
# status (12.10.2, 12.10.3: `_taunt_offer`)
Offer = tuple[list[CardInstance | None], str]
# what the defending base offers every attacker (`_defence`): the targets of a pal without and with Assault, the Taunt
# cards, and the offers of those targets (those of a pal with Assault None when no attacker has it)
Defence = tuple[list[CardInstance | None], list[CardInstance | None] | None, frozenset[int], Offer, Offer | None]
NO_BLOCK = Option("none")  # 9.4.2 the non-turn player may decline to block
PASS = Option("pass")  # 9.5.2 / 10.5.4.3 passing the quick step's play timing
_NO_TAUNT: frozenset[int] = frozenset()


def legal_attackers(g: "Game") -> list[CardInstance]:
    """9.2.2.1 the turn player's standing pals; 9.2.2.2 not forbidden; 9.2.2.3 even if new."""
    return stats.unrestricted(g, [c for c in g.players[g.turn_player].base if not c.rested and c.card.type == "pal"],
                              "cannot_attack")


def legal_targets(g: "Game", attacker: CardInstance) -> tuple[list[CardInstance | None], str, bool]:
    """9.2.3 the player (None), a structure, a rested pal (a standing one with Assault, 12.15.2);
    9.2.4.1 minus the targets an effect forbids this attacker. 12.10.2 if a Taunt card is a legal
    target, one of the Taunt cards must be chosen; 12.10.3 a Taunt card that is not a legal target
    imposes nothing. Returns (targets, taunt status, whether an effect removed a target); read only."""
    return _targets(g, attacker, _defence(g, g.opp(g.turn_player), True), True, True)


def _targets(g: "Game", attacker: CardInstance, defence: Defence, grants: bool,
             forbids: bool) -> tuple[list[CardInstance | None], str, bool]:
    """`legal_targets` from what the defending base offers (`_defence`). `grants` / `forbids`: False when no
    `grant` / `cannot_attack` effect is in play (`stats.effect_in_play`, read once by the caller for all its
    attackers): then the attacker has its printed keywords (10.10.1.1) and no effect forbids it a target (9.2.4.1)."""
    plain, with_assault, taunting, plain_offer, assault_offer = defence  # (read with the Assault targets)
    assert with_assault is not None and assault_offer is not None
    keywords = stats.keywords(g, attacker) if grants else attacker.card.printed_keywords
    assault = "assault" in keywords  # 12.15.2
    if forbids and stats.targets_restricted(g, attacker):
        printed = with_assault if assault else plain
        allowed = [t for t in printed if not stats.cannot_attack_target(g, attacker, t, g.opp(g.turn_player))]
        if len(allowed) < len(printed):
            return *_taunt_offer(allowed, taunting), True
    targets, taunt = assault_offer if assault else plain_offer
    return targets, taunt, False


def _taunt_offer(targets: list[CardInstance | None], taunting: frozenset[int]) -> Offer:
    """These targets and their taunt status: "" without a Taunt card in the defending base; "forced" when some of them
    have Taunt (12.10.2: then only those, 12.10.2.1 any one of them); "illegal" when none does (12.10.3: a Taunt card
    that is not a legal target imposes nothing)."""
    if not taunting:
        return targets, ""
    taunts = [c for c in targets if c is not None and c.oid in taunting]
    if taunts:
        return taunts, "forced"
    return targets, "illegal"


def _defence(g: "Game", defender: int, grants: bool, assault: bool = True) -> Defence:
    """What the defending player's base offers every attacker, read once for all of them by `attack_options`: the
    targets of a pal without Assault (9.2.3: the player, structures, rested pals), of one with Assault (12.15.2:
    standing pals too), each in base order, the cards with Taunt (12.10.2), and what each of the two lists offers an
    attacker that no effect forbids a target (`_taunt_offer`, 12.10.2, 12.10.3). Not kept across decisions: between
    two main-phase decisions the values version has almost always changed (nine times in ten in random games).
    `grants`: False when no `grant` effect is in play (`stats.effect_in_play`): then a card has Taunt when it prints
    it (10.10.1.1). `assault`: False when no attacker has Assault (`attack_options`: none prints it, and no `grant`
    effect is in play): then the targets of a pal with Assault and their offer are not read (None)."""
    plain: list[CardInstance | None] = [None]
    with_assault: list[CardInstance | None] | None = [None] if assault else None
    taunting = []
    for c in g.players[defender].base:
        card = c.card
        kind = card.type
        if kind == "structure" or kind == "pal" and c.rested:
            plain.append(c)
            if with_assault is not None:
                with_assault.append(c)
        elif kind == "pal" and with_assault is not None:
            with_assault.append(c)
        if "taunt" in (stats.keywords(g, c) if grants else card.printed_keywords):
            taunting.append(c.oid)
    if not taunting:
        return plain, with_assault, _NO_TAUNT, (plain, ""), None if with_assault is None else (with_assault, "")
    taunts = frozenset(taunting)
    return (plain, with_assault, taunts, _taunt_offer(plain, taunts),
            None if with_assault is None else _taunt_offer(with_assault, taunts))


def _attack_option(attacker: CardInstance, target: CardInstance | None, taunt: str, forbidden: bool) -> Option:
    """The option of this attack: `attack ATTACKER -> TARGET` (the player when the target is None, 9.2.3)."""
    return new_option((f"attack {attacker.label} -> {'player' if target is None else target.label}",
                       ("attack", attacker.oid, None if target is None else target.oid, taunt, forbidden)))


class Attacks(Menu):
    """8.4.1 the turn player's legal attacks: each legal attacker with its legal targets, as read from the board
    (`attack_options`); an attack's option (`_attack_option`) is built only when read. Read only."""

    __slots__ = ("rows", "count")

    def __init__(self, rows: list[tuple[CardInstance, list[CardInstance | None], str, bool]], count: int) -> None:
        self.rows = rows  # (attacker, its targets, taunt status, whether an effect removed a target): `_targets`
        self.count = count  # how many attacks: the targets of every attacker

    def option(self, index: int) -> Option:
        for attacker, targets, taunt, forbidden in self.rows:
            if index < len(targets):
                return _attack_option(attacker, targets[index], taunt, forbidden)
            index -= len(targets)
        raise IndexError(index)


class PlainAttacks(Menu):
    """`Attacks` when no `grant`, `cannot_attack` or `must_attack` effect is in play (`attack_options`): every standing
    pal is a legal attacker (9.2.2.1, 9.2.2.2), has its printed keywords (10.10.1.1) and no target removed (9.2.4.1),
    so its targets are what the defending base offers for its printed Assault (`_defence`: 9.2.3, 12.15.2, 12.10.2,
    12.10.3), the defending player always among them (9.2.3, 12.10.2: a Taunt card offered leaves at least itself).
    Counted from how many attackers print Assault (`assaulting`; without one, `assault_offer` is None), with no row
    per attacker; an attacker's targets are read again only when one of its attacks is read. Read only."""

    __slots__ = ("attackers", "plain_offer", "assault_offer", "count")

    def __init__(self, attackers: list[CardInstance], plain_offer: Offer, assault_offer: Offer | None,
                 assaulting: int) -> None:
        self.attackers = attackers
        self.plain_offer = plain_offer
        self.assault_offer = assault_offer
        self.count = (len(attackers) - assaulting) * len(plain_offer[0])
        if assault_offer is not None:
            self.count += assaulting * len(assault_offer[0])

    def option(self, index: int) -> Option:
        for attacker in self.attackers:
            offer = self.assault_offer if "assault" in attacker.card.printed_keywords else self.plain_offer
            assert offer is not None  # (read with the Assault targets when an attacker prints Assault)
            targets, taunt = offer
            if index < len(targets):
                return _attack_option(attacker, targets[index], taunt, False)
            index -= len(targets)
        raise IndexError(index)


NO_ATTACKS = Attacks([], 0)
# the effects that change which pals may attack what (10.10.1.3: 9.2.2.2, 9.2.4.1, 7.5.2.1; 10.10.1.2 keywords)
_ATTACK_EFFECTS = frozenset({"cannot_attack", "must_attack", "grant"})


def attack_options(g: "Game") -> tuple[Attacks | PlainAttacks, bool]:
    """8.4.1 every legal attack of the turn player's legal attackers (9.2.2), and whether a pal that must attack can
    attack legally (7.5.2.1: then ending the main phase is not allowed). The standing pals, the effects in play
    (`stats.effects_in_play`: a `cannot_attack`, `must_attack` or `grant` one) and the defending base are read once
    for all attackers; each attacker's targets are those `legal_targets` gives, and bind only when there are some
    (9.2.4, 9.2.4.1: a pal with no legal target cannot attack)."""
    tp = g.turn_player
    standing = []  # 9.2.2.1
    assaulting = 0  # of them, those that print Assault (12.15.2: their keywords without a `grant` effect, 10.10.1.1)
    for c in g.players[tp].base:
        card = c.card
        if not c.rested and card.type == "pal":
            standing.append(c)
            if "assault" in card.printed_keywords:
                assaulting += 1
    if not standing:
        return NO_ATTACKS, False
    in_play = stats.effects_in_play(g, _ATTACK_EFFECTS)
    if not in_play:  # no pal must attack (7.5.2.1): nothing binds
        _plain, _with_assault, _taunting, plain_offer, assault_offer = _defence(g, 1 - tp, False, assaulting > 0)
        return PlainAttacks(standing, plain_offer, assault_offer, assaulting), False
    forbids = "cannot_attack" in in_play  # 9.2.2.2, 9.2.4.1
    attackers = stats.unrestricted(g, standing, "cannot_attack") if forbids else standing
    must = stats.restricted_among(g, attackers, "must_attack") if "must_attack" in in_play else ()  # 7.5.2.1
    grants = "grant" in in_play  # 10.10.1.2 (Assault, Taunt granted)
    defence = _defence(g, 1 - tp, grants)
    _plain, _with_assault, _taunting, plain_offer, assault_offer = defence
    rows = []
    count = 0
    bound = False
    for att in attackers:
        if grants or forbids:
            targets, taunt, forbidden = _targets(g, att, defence, grants, forbids)
        else:  # its printed keywords, no target removed (`_targets` without such effects, read inline)
            targets, taunt = assault_offer if "assault" in att.card.printed_keywords else plain_offer
            forbidden = False
        if targets:  # None: the defending player (9.2.3)
            if must and att in must:
                bound = True
            rows.append((att, targets, taunt, forbidden))
            count += len(targets)
    return Attacks(rows, count), bound


def run_battle(g: "Game", attacker_oid: int, target_oid: int | None, taunt: str, forbidden: bool = False) -> None:
    """9.3–9.7 one battle."""
    tp, nt = g.turn_player, g.opp(g.turn_player)
    att = g.find(attacker_oid)
    assert att is not None
    b = Battle(attacker=attacker_oid, attacker_player=tp, target_oid=target_oid, target_player=nt)
    g.battle = b
    g.derived_changed()  # "attacking" conditions hold from here (9.3.2)
    g.step = "attack"
    tgt = g.find(target_oid)
    tname = f"player {g.pname(nt)}" if tgt is None else tgt.label
    # 9.3.1 the attack is declared; then what made this attacker and this target legal, the clauses
    # particular to this attack first (9.2.3 the kind of target, Assault, Taunt, restrictions)
    cites = ["9.3.1", "9.2.3"]
    if stats.restricted(g, att, "must_attack"):
        cites.append("7.5.2.1")
    if att.entered_turn == g.turn:
        cites.append("9.2.2.3")  # deployed this turn and still may attack
    if tgt is not None and tgt.card.type == "pal" and not tgt.rested:
        cites.append("12.15.2")  # a standing pal only with Assault
    if taunt == "forced":
        cites += ["12.10.2", "12.10.2.1"]
    elif taunt == "illegal":
        cites.append("12.10.3")
    if forbidden:
        cites.append("9.2.4.1")  # an effect removed a target this pal could otherwise attack
    cites += ["9.2.2.1", "8.4.1", "9.2.4", "9.2.1", "9.2.2", "9.2.2.2", "9.1.1"]
    g.emit(f"{g.pname(tp)} starts a battle: {att.label} attacks {tname}", cites, tp, att.label, None,
           ("attacker", att.label, "target", tname))  # (player, card, before, after by position: `Game.emit`)
    pipeline.set_rested(g, att, True, ("9.3.2", "9.3.2.1"))
    triggers.fire_self(g, att, "on_attack")
    triggers.fire_watchers(g, att, "on_pal_attacks")  # "when a Pal of yours / your opponent's attacks"
    if tgt is not None:
        triggers.fire_self(g, tgt, "on_attacked")
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 9.3.3
    if not b.nullified:
        _block_step(g, b)
    _after_block(g, b)


def continue_battle(g: "Game", at: str) -> None:
    """A restored game goes on from the decision it was saved at: the block (9.4.2) or the quick step's
    play timing (9.5.2), the step's opening already done."""
    b = g.battle
    assert b is not None, "a game saved at a block or quick decision has a battle"
    if at == "block":
        _block_step(g, b, opened=True)
        _after_block(g, b)
    else:
        _quick_step(g, b, opened=True)
        _after_quick(g, b)


def _after_block(g: "Game", b: Battle) -> None:
    if not b.nullified:
        _quick_step(g, b)
    _after_quick(g, b)


def _after_quick(g: "Game", b: Battle) -> None:
    if not b.nullified:
        _damage_step(g, b)
    _end_of_battle(g, b)


class StepOpening(NamedTuple):
    """A battle step's two opening events, made once: the step is entered (its title, cited by the clause that leads
    into it, after the previous check timing ended, 10.5.3.4) and its beginning (cited by its "at the beginning")."""

    title: str
    cites: tuple[str, ...]
    beginning: str
    beginning_cites: tuple[str, ...]


def _opening(title: str, after: str, start: str) -> StepOpening:
    return StepOpening(title, (after, "10.5.1", "10.5.3", "10.5.3.4"), f"the beginning of the {title}", (start,))


_STEP_OPENINGS = {  # step: its opening (title, clause that leads into it, clause of its "at the beginning")
    "block": _opening("block declaration step", "9.3.3", "9.4.1"),
    "quick": _opening("quick step", "9.4.4", "9.5.1"),
    "damage": _opening("damage step", "9.5.3", "9.6.1"),
}


def _open_step(g: "Game", step: str) -> None:
    """Enter a step after the previous check timing ended; its start triggers, then a check timing."""
    opening = _STEP_OPENINGS[step]
    g.step = step
    g.emit(opening.title, opening.cites)
    g.emit(opening.beginning, opening.beginning_cites)
    triggers.fire_global(g, "start_of_step", step=step)
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)


# the effects that change whether an attacker may be blocked and by whom (12.11.2 a granted Stealth, 10.10.1.2; 9.4.2,
# 10.10.1.3 cannot_be_blocked, cannot_block)
_BLOCK_EFFECTS = frozenset({"grant", "cannot_be_blocked", "cannot_block"})


def _block_step(g: "Game", b: Battle, opened: bool = False) -> None:
    if not opened:
        _open_step(g, "block")  # 9.4.1
    if b.nullified:
        return
    att = g.find(b.attacker)
    nt = b.target_player
    # the effects that change who may block this attacker, read once (`stats.effects_in_play`): without a `grant` it
    # has its printed keywords (10.10.1.1, 12.11.2 Stealth), without a restriction none applies (10.10.1.3)
    in_play = stats.effects_in_play(g, _BLOCK_EFFECTS) if att is not None else _BLOCK_EFFECTS
    if att is not None \
            and "stealth" not in (stats.keywords(g, att) if "grant" in in_play else att.card.printed_keywords) \
            and not ("cannot_be_blocked" in in_play and stats.restricted(g, att, "cannot_be_blocked")):
        standing = []  # (a loop, not a comprehension: no function made and called each battle)
        for c in g.players[nt].base:
            if not c.rested and c.card.type == "pal" and c.oid != b.target_oid:
                standing.append(c)
        blockers = stats.unrestricted(g, standing, "cannot_block") if "cannot_block" in in_play else standing
        if blockers:
            opts = [new_option((c.label, c.oid)) for c in blockers] + [NO_BLOCK]
            opt = g.ask("block", nt, opts, f"block {att.label}? (9.4.2)")
            if opt.label != "none":
                blocker = g.find(opt.data)
                assert blocker is not None
                g.emit(f"{g.pname(nt)} blocks with {blocker.label}", ("9.4.2",), nt, blocker.label,
                       ("target", _tname(g, b)), ("target", blocker.label))
                pipeline.set_rested(g, blocker, True, ("9.4.2.1",))
                b.target_oid = blocker.oid
                b.blocked = True
                triggers.fire_self(g, blocker, "on_block")
            else:
                g.emit(f"{g.pname(nt)} does not block", ("9.4.2",), nt)
        elif standing:  # standing pals an effect forbids to block (9.4.2 only a pal that may block)
            g.emit(f"{', '.join(c.label for c in standing)} cannot block: {g.pname(nt)} has no pal that can block",
                   ("9.4.2", "10.10.1.3"), player=nt)
    elif att is not None:
        g.emit(f"{att.label} cannot be blocked", ("12.11.2", "12.11.1", "9.4.2"), nt, att.label)
    tgt = g.find(b.target_oid)
    if tgt is not None and tgt.card.type == "pal" and att is not None:
        b.opponents = {att.oid: tgt.oid, tgt.oid: att.oid}  # 9.4.3
        g.derived_changed()  # "battling" conditions and battle-opponent selectors hold from here
        g.emit(f"{att.label} and {tgt.label} are battle opponents", ("9.4.3",), None, att.label)
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 9.4.4


def _tname(g: "Game", b: Battle) -> str:
    t = g.find(b.target_oid)
    return f"player {g.pname(b.target_player)}" if b.target_oid is None else (t.label if t else "gone")


def quick_options(g: "Game", who: int) -> list[Option]:
    """9.5.2 quick events from hand (12.2.1.2) and usable quick activated abilities (12.2.1.1)."""
    p = g.players[who]
    opts = []
    seen: set[str] = set()
    activating = []  # the hand cards with an activated ability
    for c in p.hand:
        card = c.card
        if card.activated:
            activating.append(c)
        if card.type == "event" and card.cost <= p.soul_standing and card.name not in seen \
                and "quick" in card.printed_keywords:  # (`CardDef.has_keyword`, read from its tally)
            seen.add(card.name)
            opts.append(effects.play_option(c))
    for usable in effects.usable_abilities(g, who, True, activating):
        opts.append(effects.ability_option(usable))
    opts.append(PASS)
    return opts


def _quick_step(g: "Game", b: Battle, opened: bool = False) -> None:
    if not opened:
        _open_step(g, "quick")  # 9.5.1
    nt = b.target_player
    while not b.nullified:
        if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
            timing.check_timing(g)  # 10.5.4.1 before every play timing
        # 9.5.2 only the non-turn player gets this play timing (9.5.2.2)
        opts = quick_options(g, nt)
        if len(opts) == 1:
            g.emit(f"{g.pname(nt)} has no quick card or ability to use", ("9.5.2", "9.5.2.2", "10.5.4.3"), nt)
            break
        opt = g.ask("quick", nt, opts, "quick step: play a quick card or ability, or pass (9.5.2)")
        if opt.label == "pass":
            g.emit(f"{g.pname(nt)} passes the quick step", ("10.5.4.3", "9.5.2", "9.5.2.2"), nt)
            break
        from pal_judge.engine.turn import perform

        perform(g, nt, opt, ("9.5.2", "9.5.2.1"))
    if not b.nullified:
        timing.check_timing(g)  # 9.5.3


def _damage_step(g: "Game", b: Battle) -> None:
    _open_step(g, "damage")  # 9.6.1
    if b.nullified:
        return
    att = g.find(b.attacker)
    tgt = g.find(b.target_oid)
    if att is None or (b.target_oid is not None and tgt is None):
        g.emit("the attacking pal or the target is gone: no damage", ("9.6.2",))
    elif tgt is None:
        s, changed = stats.strike_detail(g, att)
        if s <= 0:
            neg = ("1.3.2.4",) if s < 0 else ()
            g.emit(f"{att.label} has strike {s}: no damage", ("9.6.3.3.1", "1.3.2.2") + neg + changed, card=att.label)
        else:
            effects.damage_player(g, b.target_player, s, ("9.6.3", "9.6.3.3", "9.6.3.3.2", "9.6.3.4", "10.13.3", "10.13.1",
                                                          "2.9.1") + changed,
                                  att.label)
            triggers.fire_self(g, att, "on_battle_damage")
    elif tgt.card.type == "pal":
        pa, ca = stats.power_detail(g, att)
        pt, ct = stats.power_detail(g, tgt)
        # 9.6.3.1 simultaneous: both values are read before either is dealt
        dealt = []
        for src, dst, pw, cp in ((att, tgt, pa, ca), (tgt, att, pt, ct)):
            if pw <= 0:
                neg = ("1.3.2.4",) if pw < 0 else ()
                g.emit(f"{src.label} has power {pw}: it deals no damage", ("9.6.3.1.1", "1.3.2.2") + neg, card=src.label)
                continue
            if effects.damage_card(g, dst, pw, ("9.6.3.1", "9.6.3.4", "9.6.3", "10.13.3", "2.8.1") + cp, src.label):
                dealt.append(src)
        for src in dealt:
            triggers.fire_self(g, src, "on_battle_damage")  # 9.6.3.4 only damage really dealt (10.11.1.1)
    else:
        pa, ca = stats.power_detail(g, att)
        if pa > 0 and effects.damage_card(g, tgt, pa, ("9.6.3.2", "9.6.3.4", "9.6.3", "10.13.3", "2.8.1", "2.8.3") + ca,
                                          att.label):
            triggers.fire_self(g, att, "on_battle_damage")
        g.emit(f"{tgt.label} is a structure: it deals no damage back", ("9.6.3.2.1",), card=tgt.label)
    timing.check_timing(g)  # 9.6.4


def _end_of_battle(g: "Game", b: Battle) -> None:
    g.step = "end_of_battle"
    if b.nullified:
        g.emit("the attack was nullified: straight to the end of battle step", ("5.18.1",))
    else:
        g.emit("end of battle step", ("9.6.4", "10.5.1", "10.5.3", "10.5.3.4"))
    g.emit("the end of the battle: triggers 'at the end of battle'", ("9.7.1",))
    # 9.7.1 those not yet triggered in this step
    timing.repeat_step(g, "end of battle step", "9.7.4", _end_of_battle_round, "end_of_battle", b.triggered_end)
    g.emit("the battle ends", ("9.7.4",))
    g.battle = None
    g.derived_changed()  # "attacking" and "battling" no longer hold (9.7.4)
    g.step = None


def _end_of_battle_round(g: "Game") -> None:
    """One round of the end of battle step (9.7.1-9.7.3), repeated while abilities remain (9.7.4,
    `timing.repeat_step`)."""
    b = g.battle
    assert b is not None, "the end of battle step is in a battle"
    triggers.fire_global(g, "end_of_battle")  # 9.7.1
    if g.check_version != g.clean_check_version:  # (else it has nothing to do, timing.py)
        timing.check_timing(g)  # 9.7.2
    before = len(g.modifiers)
    if before:  # (no effect from a resolved ability: none ends)
        g.modifiers = [m for m in g.modifiers if m.duration != "until_end_of_battle"]
    if len(g.modifiers) != before:
        g.state_changed()
        g.emit("effects lasting until end of battle end", ("9.7.3",))
    if not b.attack_over:
        b.attack_over = True  # a repetition of the step (9.7.4) has no attacking pal any more
        g.derived_changed()  # "attacking" conditions and the attacker selector no longer hold (9.7.3.1)
        g.emit("the attacking pal is no longer attacking", ("9.7.3.1",))
