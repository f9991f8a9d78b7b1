"""`Game.snapshot()`: the board as plain JSON-able data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pal_judge.engine import stats
from pal_judge.engine.state import CardInstance

if TYPE_CHECKING:
    from pal_judge.engine.game import Game


def _base_card(g: "Game", c: CardInstance) -> dict[str, Any]:
    kws = stats.keywords(g, c)
    return {
        "label": c.label, "card": c.card.name, "type": c.card.type,
        "state": "rested" if c.rested else "standing", "damage": c.damage,
        "power": stats.power(g, c), "strike": stats.strike(g, c),
        "keywords": sorted(k if k not in ("brave", "serious") else f"{k} {v}" for k, v in kws.items()),
    }


def snapshot(g: "Game") -> dict[str, Any]:
    b = g.battle
    battle = None
    if b is not None:
        att = g.find(b.attacker)
        tgt = g.find(b.target_oid)
        opp = g.find(b.opponents.get(b.attacker))
        battle = {
            "attacker": att.label if att else None,
            "target": f"player {g.pname(b.target_player)}" if b.target_oid is None else (tgt.label if tgt else None),
            "battle_opponent": opp.label if opp else None,
            "nullified": b.nullified,
        }
    players = {}
    for p in g.players:
        players[p.name] = {
            "life": p.life, "damage": p.damage, "material": p.material, "ingredient": p.ingredient,
            "deck": [c.card.name for c in p.deck], "hand": [c.label for c in p.hand],
            "base": [_base_card(g, c) for c in p.base],
            "graveyard": [c.card.name for c in p.graveyard], "exile": [c.card.name for c in p.exile],
            "souls": {"deck": p.soul_deck, "standing": p.soul_standing, "rested": p.soul_rested},
            "pal_limit": stats.pal_limit(g, p.idx),
        }
    return {
        "turn": g.turn, "turn_player": g.pname(g.turn_player), "phase": g.phase, "step": g.step,
        "night": g.night, "result": g.result.to_dict() if g.result else None, "battle": battle,
        "players": players,
    }
