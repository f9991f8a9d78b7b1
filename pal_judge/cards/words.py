"""A card's data in words, for a judge: `auto (on deploy): draw 1`."""

from __future__ import annotations

from typing import Any

from pal_judge.cards.catalogue import Card


def keywords_text(card: Card) -> str:
    parts = []
    for keyword in card.data.get("keywords", ()):
        if isinstance(keyword, dict):
            parts += [f"{k.capitalize()} {v}" for k, v in keyword.items()]
        else:
            parts.append(str(keyword).capitalize())
    return ", ".join(parts)


def effect_text(step: Any) -> str:
    """One effect step of the engine's card format (`{do: draw, amount: 1}`) in words."""
    if not isinstance(step, dict):
        return str(step)
    words = [str(step.get("do", "?")).replace("_", " ")]
    for key, value in step.items():
        if key == "do":
            continue
        words.append(_value(value) if key == "amount" else f"{key.replace('_', ' ')} {_value(value)}")
    return " ".join(words)


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in value.items()) + ")"
    if isinstance(value, list):
        return "[" + "; ".join(effect_text(v) if isinstance(v, dict) and "do" in v else _value(v) for v in value) + "]"
    return str(value).replace("_", " ")


def ability_text(ability: Any) -> str:
    if not isinstance(ability, dict):
        return str(ability)
    head = str(ability.get("kind", "ability"))
    detail = [str(ability[k]).replace("_", " ") for k in ("name", "trigger") if ability.get(k)]
    if detail:
        head += f" ({', '.join(detail)})"
    extras = [f"{k.replace('_', ' ')} {_value(v)}" for k, v in ability.items() if k not in ("kind", "name", "trigger", "effect")]
    effect = "; ".join(effect_text(s) for s in ability.get("effect", ()))
    return f"{head}{': ' + ', '.join(extras) if extras else ''}{' → ' if extras and effect else (': ' if effect else '')}{effect}"


def abilities_text(card: Card) -> list[str]:
    lines = [ability_text(a) for a in card.data.get("abilities", ())]
    if card.data.get("effect"):
        lines.append("effect: " + "; ".join(effect_text(s) for s in card.data["effect"]))
    return lines


def summary(card: Card) -> str:
    """`pal, cost 1, power 5000, strike 3, Breakthrough`."""
    parts = [card.type]
    parts += [f"{field} {card.data[field]}" for field in ("cost", "power", "strike") if field in card.data]
    if keywords := keywords_text(card):
        parts.append(keywords)
    return ", ".join(parts)
