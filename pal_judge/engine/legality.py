"""Can player P do X now? The rules' legality test for one action, with the clause that decides it.

It reads the live game the same way the engine builds its options (battle.legal_targets,
battle.quick_options, turn.main_options), so it answers also where the engine asks nothing at that
moment (no blocker, no quick card): "no, because 9.2.3; it would be allowed by 12.15.2 Assault".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pal_judge.engine import battle, stats
from pal_judge.engine.turn import SOUL_DRAW_COST
from pal_judge.engine.state import CardInstance

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

INTERRUPT_SOUL_COST = 1  # 12.8.2 [①, discard this card]


@dataclass(frozen=True)
class Verdict:
    """`clause` allows the action or refuses it; `allowed_by` names what would allow a refused one."""

    allowed: bool
    clause: str
    reason: str
    allowed_by: str = ""

    def describe(self) -> str:
        if self.allowed:
            return f"allowed by {self.clause}: {self.reason}"
        also = f"; it would be allowed by {self.allowed_by}" if self.allowed_by else ""
        return f"refused by {self.clause}: {self.reason}{also}"


def _yes(clause: str, reason: str) -> Verdict:
    return Verdict(True, clause, reason)


def _no(clause: str, reason: str, allowed_by: str = "") -> Verdict:
    return Verdict(False, clause, reason, allowed_by)


def _player(g: "Game", name: str) -> int:
    return next(p.idx for p in g.players if p.name == name)


def _in_base(g: "Game", who: int, label: str) -> CardInstance | None:
    return next((c for c in g.players[who].base if c.label == label), None)


def _in_hand(g: "Game", who: int, label: str) -> CardInstance | None:
    return next((c for c in g.players[who].hand if label in (c.label, c.card.name)), None)


def _standing_pal(g: "Game", who: int, player: str, label: str, clause: str, doing: str) -> CardInstance | Verdict:
    """The player's standing Pal called `label`, or the refusal (citing `clause`) when there is none."""
    card = _in_base(g, who, label)
    if card is None or card.card.type != "pal":
        return _no(clause, f"{label} is not a Pal in {player}'s base")
    if card.rested:
        return _no(clause, f"{label} is rested; only a standing Pal can {doing}")
    return card


def attack(g: "Game", player: str, attacker: str, target: str) -> Verdict:
    """9.2 a legal attacking Pal (9.2.2) and a legal target (9.2.3, 9.2.4.1, 12.10.2, 12.15.2)."""
    who = _player(g, player)
    if g.phase != "main" or g.battle is not None:
        return _no("8.4.1", "a battle is started only from the main phase's play timing")
    if who != g.turn_player:
        return _no("9.2.2.1", f"only the turn player attacks; {player} is not the turn player")
    att = _standing_pal(g, who, player, attacker, "9.2.2.1", "attack")
    if isinstance(att, Verdict):
        return att
    if att not in battle.legal_attackers(g):
        return _no("9.2.2.2", f"an effect keeps {attacker} from battling")
    targets, taunt, _ = battle.legal_targets(g, att)
    defender = g.opp(who)
    tgt = None if target == g.pname(defender) else _in_base(g, defender, target)
    if target != g.pname(defender) and tgt is None:
        return _no("9.2.3", f"{target} is neither the non-turn player nor a card in their base")
    if tgt in targets:
        if taunt == "forced":
            return _yes("12.10.2", f"{target} has Taunt and must be chosen")
        if tgt is not None and tgt.card.type == "pal" and not tgt.rested:
            return _yes("12.15.2", f"{attacker} has Assault: a standing Pal can be its target")
        return _yes("9.2.3", f"{target} is a legal attack target")
    if taunt == "forced":
        return _no("12.10.2", "the opponent has a Taunt card that can be targeted: one of them must be chosen")
    if tgt is not None and tgt.card.type == "pal" and not tgt.rested and "assault" not in stats.keywords(g, att):
        return _no("9.2.3", f"{target} is a standing Pal; only rested Pals can be attacked", "12.15.2 Assault")
    return _no("9.2.4.1", f"an effect keeps {attacker} from attacking {target}")


def block(g: "Game", player: str, blocker: str) -> Verdict:
    """9.4.2 the non-turn player may block with a standing Pal; 12.11.2 Stealth cannot be blocked."""
    who = _player(g, player)
    b = g.battle
    if b is None or g.step != "block":
        return _no("9.4.2", "a block is declared only in the block declaration step of a battle")
    if who == g.turn_player:
        return _no("9.4.2", "only the non-turn player blocks")
    att = g.find(b.attacker)
    if att is None:
        return _no("9.4.2", "the attacking Pal has left the base: there is no attack to block")
    if "stealth" in stats.keywords(g, att):
        return _no("12.11.2", f"{att.label} has Stealth: it cannot be blocked")
    if stats.restricted(g, att, "cannot_be_blocked"):
        return _no("9.4.2", f"an effect makes {att.label} unblockable")
    card = _standing_pal(g, who, player, blocker, "9.4.2", "block")
    if isinstance(card, Verdict):
        return card
    if card.oid == b.target_oid:
        return _no("9.4.2", f"{blocker} is already the attack target")
    if stats.restricted(g, card, "cannot_block"):
        return _no("9.4.2", f"an effect keeps {blocker} from blocking")
    return _yes("9.4.2", f"{blocker} is a standing Pal of the non-turn player")


def quick(g: "Game", player: str, card: str) -> Verdict:
    """9.5.2 only the non-turn player gets the quick step's play timing, for Quick cards (12.2.1)."""
    who = _player(g, player)
    if g.battle is None or g.step != "quick":
        return _no("12.2.1", "Quick cards and abilities are used in the quick step of a battle (9.5)")
    if who == g.turn_player:
        return _no("9.5.2.2", f"{player} is the turn player: only the non-turn player acts in the quick step")
    labels = {o.label for o in battle.quick_options(g, who)}
    if labels & {f"play {card}", f"activate {card}"} or any(x.startswith(f"activate {card}:") for x in labels):
        return _yes("9.5.2", f"{card} can be used in the quick step")
    ci = _in_hand(g, who, card) or _in_base(g, who, card)
    if ci is None:
        return _no("9.5.2", f"{card} is not in {player}'s hand or base")
    if not ci.card.has_keyword("quick") and not ci.card.has_keyword("interrupt"):
        return _no("12.2.1", f"{card} has no Quick: it cannot be used in the quick step")
    return _no("10.4.2.2", f"{player} cannot pay {card}'s cost")


def play(g: "Game", player: str, card: str) -> Verdict:
    """8.2.1 the turn player plays a card from the hand at the main phase's play timing, paying its cost
    (10.6.2.3, 10.4.2.2); in the quick step only Quick cards are played (9.5.2, 12.2.1)."""
    if g.battle is not None:
        return quick(g, player, card)
    who = _player(g, player)
    if g.phase != "main":
        return _no("7.5.2", f"cards are played at the main phase's play timing, not in the {g.phase} phase")
    if who != g.turn_player:
        return _no("8.2.1", f"only the turn player plays cards in the main phase; {player} is not the turn player",
                   "9.5.2 (a Quick card, in the quick step of a battle)")
    ci = _in_hand(g, who, card)
    if ci is None:
        return _no("8.2.1", f"{card} is not in {player}'s hand")
    standing = g.players[who].soul_standing
    if ci.card.cost > standing:
        return _no("10.4.2.2", f"{card} costs {ci.card.cost} and {player} has {standing} standing soul(s) to pay (2.7.1, 10.6.2.3)")
    return _yes("8.2.1", f"{player} plays {card} from the hand, paying {ci.card.cost}")


def interrupt_payments(g: "Game", player: str, card: str) -> list[str]:
    """What the player can pay Interrupt with (12.8.2): ① (a standing soul), or discarding this card and
    1 other card from the hand."""
    p = g.players[_player(g, player)]
    hand = [c.card.name for c in p.hand]
    if card in hand:
        hand.remove(card)
    souls = ["soul"] if p.soul_standing >= INTERRUPT_SOUL_COST else []
    return souls + [f"discard {name}" for name in dict.fromkeys(hand)]


def interrupt(g: "Game", player: str, card: str, payment: str) -> Verdict:
    """12.8.2 Interrupt: a Quick ability (timing as `quick`) paid with ① or another card from hand."""
    legal = interrupt_payments(g, player, card)
    timing = quick(g, player, card)
    if not timing.allowed and timing.clause != "10.4.2.2":
        return timing
    if payment not in legal:
        return _no("12.8.2", f"{player} cannot pay '{payment}'; legal payments: {', '.join(legal) or 'none'}")
    return _yes("12.8.2", f"{card}'s Interrupt paid with '{payment}'")


def soul_draw(g: "Game", player: str) -> Verdict:
    """8.5 pay 3 souls to draw 1 card, once per turn, in the turn player's main phase."""
    who = _player(g, player)
    if who != g.turn_player or g.phase != "main" or g.battle is not None:
        return _no("8.5.1", "only the turn player pays souls to draw, in the main phase")
    if g.soul_draw_used:
        return _no("8.5.2", "the soul draw has already been used this turn")
    if g.players[who].soul_standing < SOUL_DRAW_COST:
        return _no("8.5.1", f"{player} has fewer than {SOUL_DRAW_COST} standing souls to pay (10.4.3)")
    return _yes("8.5.1", f"{player} pays {SOUL_DRAW_COST} souls to draw 1 card")
