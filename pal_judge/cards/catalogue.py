"""Every card defined in the rulings files (their `cards:` and each scenario's own), with the
rulings whose boards use it; plus the cards of a judge's own list (`PAL_JUDGE_CARDS` or
`--cards FILE`, in the same format: a `cards:` mapping, or a bare mapping of name to fields),
checked by the scenario loader with a line number for every mistake.

The rulings' catalogue is cached as plain JSON in `cache_dir()/cards.json` under the hash of
the rulings files and the code that reads them, so `ask` and `search` can recognise card
names without parsing YAML.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pal_judge.errors import UserError
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.json_cache import cached_json
from pal_judge.paths import ruling_files

CACHE_FORMAT = 1
CARDS_ENV = "PAL_JUDGE_CARDS"
GENERIC_FILLERS = ("Filler", "Lucky Filler")  # the built-in `normal` and `lucky` deck cards, not real cards


class Card(NamedTuple):  # a named tuple: a frozen dataclass costs about a millisecond to define (ask imports it)
    name: str
    type: str  # pal | structure | gear | event
    data: dict[str, Any]  # the engine's card dict (cost, power, strike, keywords, abilities, names …)
    defined_at: tuple[str, ...]  # file:line of each identical definition
    rulings: tuple[str, ...] = ()  # ids of the rulings whose boards use it

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names the card counts as having (2.1.5): `Thunder Bear` is also `Grizzbolt`."""
        return tuple(str(n) for n in self.data.get("names", ()))


def _where(spec: Any) -> str:
    """`rulings/keywords.yaml:6`: the definition's file (folder and name) and line."""
    path = Path(spec.where.file)
    return f"{path.parent.name}/{path.name}:{spec.where.line}"


def _card(spec: Any, rulings: tuple[str, ...] = ()) -> Card:
    return Card(spec.name, spec.type, dict(spec.data), (_where(spec),), rulings)


def ruling_cards() -> list[Card]:
    """The cards of the rulings files, from the cache when it is fresh; read once per process and
    key (`ask` looks for the cards its question names twice: for the ranking and for the answer)."""
    files = ruling_files()
    key = fingerprint(f"cards={CACHE_FORMAT}", [*files, *package_sources("cards", "rulings", "scenarios")])
    return list(_ruling_cards_under(key, tuple(files)))  # the caller's own list


@lru_cache(maxsize=1)  # one key at a time: the rulings files as they are now
def _ruling_cards_under(key: str, files: tuple[Path, ...]) -> list[Card]:
    return cached_json("cards", key, lambda: [c._asdict() for c in _read_ruling_cards(list(files))], read=_stored_cards)


def _stored_cards(stored: list[dict[str, Any]]) -> list[Card]:
    """The cards as `ruling_cards` stores them; TypeError, KeyError or ValueError when they are not that."""
    cards = [Card(c["name"], c["type"], c["data"], tuple(c["defined_at"]), tuple(c["rulings"])) for c in stored]
    if not all(isinstance(c.name, str) and isinstance(c.type, str) and isinstance(c.data, dict) for c in cards):
        raise ValueError("not the rulings' cards")
    return cards


def _read_ruling_cards(files: list[Path]) -> list[Card]:
    """One entry per distinct definition: rulings files often repeat a card (merged, with every
    place it is written) and sometimes define a name differently (kept apart)."""
    from pal_judge.rulings.loader import load_rulings
    from pal_judge.scenarios.loader import card_library_specs
    from pal_judge.scenarios.located import load_located, read_yaml_text

    specs: dict[str, Any] = {}  # defined at -> spec
    for path in files:
        root = load_located(read_yaml_text(path), str(path))
        if isinstance(root.value, dict) and "cards" in root.value:
            specs.update((_where(spec), spec) for spec in card_library_specs(root.value["cards"]).values())
    used: dict[str, list[str]] = {}
    for ruling in load_rulings():
        for _, _, spec in ruling.scenario.setup.cards():
            if spec.name in GENERIC_FILLERS:
                continue
            specs.setdefault(_where(spec), spec)  # a scenario's own card
            if ruling.id not in used.setdefault(_where(spec), []):
                used[_where(spec)].append(ruling.id)
    merged: dict[str, Card] = {}
    for where, spec in sorted(specs.items(), key=lambda item: (item[1].name.lower(), item[0])):
        same = json.dumps(spec.data, sort_keys=True, default=str)
        card = merged.get(same)
        rulings = tuple(used.get(where, ()))
        merged[same] = _card(spec, rulings) if card is None else Card(
            card.name, card.type, card.data, (*card.defined_at, where), (*card.rulings, *rulings))
    return list(merged.values())


def user_cards(path: Path) -> list[Card]:
    """A judge's own card list, every card checked (UserError naming the file and line)."""
    from pal_judge.scenarios.loader import card_library_specs
    from pal_judge.scenarios.located import load_located, read_yaml_text

    if not path.is_file():
        raise UserError(f"card list not found: {path}")
    root = load_located(read_yaml_text(path), str(path))  # reading is bounded there
    if not isinstance(root.value, dict):
        raise root.where.error("a card list is a mapping of card names to their fields (or has one under 'cards:')")
    node = root.value["cards"] if set(root.value) == {"cards"} else root
    return [Card(spec.name, spec.type, dict(spec.data), (f"{path}:{spec.where.line}",))
            for spec in card_library_specs(node).values()]


def catalogue(cards_file: Path | None = None) -> list[Card]:
    """The rulings' cards, then a judge's own (`cards_file`, else $PAL_JUDGE_CARDS)."""
    own = cards_file or (Path(os.environ[CARDS_ENV]) if os.environ.get(CARDS_ENV) else None)
    return ruling_cards() + (user_cards(own) if own is not None else [])
