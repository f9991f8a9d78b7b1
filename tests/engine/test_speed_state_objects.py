"""The state side of the engine's speed work (issue 11) must not change what a judge sees: card objects labelled as
API.md §2 says (Name, Name#2, … the lowest free number among the base and hand cards) however a new object
(4.1.4) arrives there, a card object found in its zone as that very object, and deck validation counting card names
(5.20.1.1, 6.1.1.2) with a deck-building ability replacing the four-copies rule only when every card of that name has
it (6.1.3), the stricter of two such abilities holding (1.3.3)."""

from __future__ import annotations

from engine_helpers import board, pal, play
from pal_judge.engine import Game, card_from_dict, validate_deck
from pal_judge.engine.deck import DECK_SIZE


def _labels(cards: list) -> list[str]:
    return [c.label for c in cards]


def test_a_card_whose_name_looks_like_a_label_is_never_confused_with_a_copy() -> None:
    # a card really named "Twin#2" is in the hand; two copies of "Twin" join it: every object keeps a label of its
    # own (the second "Twin" cannot be "Twin#2": that label is taken), the lowest free number
    g = Game.from_setup(board({"hand": ["Twin#2", "Twin", "Twin"]}), [pal("Twin"), pal("Twin#2")])
    assert _labels(g.players[0].hand) == ["Twin#2", "Twin", "Twin#3"]


def test_a_deployed_copy_takes_the_lowest_free_label_across_base_and_hand() -> None:
    # "Twin" and "Twin#2" are in the hand; "Twin" is played into the base: a new object (4.1.4), labelled afresh
    # with the lowest free label: "Twin" again, since the old object left the hand
    g = play(board({"hand": ["Twin", "Twin"]}), [pal("Twin", cost=0)], ["play Twin"])
    a = g.players[0]
    assert _labels(a.base) == ["Twin"] and _labels(a.hand) == ["Twin#2"]
    assert [e.card for e in g.events if e.what.endswith("is deployed")] == ["Twin"]


def test_the_discarded_object_leaves_the_hand_and_its_copies_stay_in_order() -> None:
    # three copies of one card in the hand: discarding the middle one (5.10.2, the player's choice) removes that
    # object (4.1.4: each is an object of its own), not the first equal-looking copy
    toss = {"name": "Toss", "type": "event", "cost": 0, "effect": [{"do": "discard", "amount": 1, "who": "you"}]}
    g = play(board({"hand": ["Toss", "Twin", "Twin", "Twin"]}), [toss, pal("Twin")], ["play Toss", "Twin#2"])
    a = g.players[0]
    assert _labels(a.hand) == ["Twin", "Twin#3"]
    assert sorted(c.card.name for c in a.graveyard) == ["Toss", "Twin"]


def _deck(*cards: tuple[dict, int]) -> list:
    out = [card_from_dict(d) for d, n in cards for _ in range(n)]
    fillers = [card_from_dict(pal(f"Filler {i}")) for i in range((DECK_SIZE - len(out) + 3) // 4)]
    return out + [f for f in fillers for _ in range(4)][:DECK_SIZE - len(out)]


def test_a_deck_building_ability_does_not_lift_the_limit_for_a_name_a_card_without_it_shares() -> None:
    # 6.1.3 the deck-building ability replaces 6.1.1.2 only for the cards that have it: "Swarm" may be played in
    # any number, but "Lure" is also named Swarm (an added card name, 2.1.5) and has no such ability, so the cards
    # named Swarm are held to 4 (6.1.1.2): 3 + 2 = 5 is one too many
    swarm = pal("Swarm", deck_limit="any")
    lure = pal("Lure", names=["Swarm"])
    violations = validate_deck(_deck((swarm, 3), (lure, 2)))
    assert [(v.rule, v.message) for v in violations] == [
        ("6.1.1.2", "5 cards named 'Swarm'; at most 4 of the same name")]
    assert validate_deck(_deck((swarm, 12), (pal("Lure"), 2))) == []  # without the shared name: legal


def test_the_strictest_deck_building_limit_of_a_name_applies() -> None:
    # two cards of one card name, each with a deck-building ability (6.1.3): "at most 2" forbids a third card of
    # the name, "any number" allows it; the prohibition takes precedence (1.3.3), so 3 cards are reported
    pair = pal("Pair", deck_limit=2)
    alias = pal("Alias", names=["Pair"], deck_limit="any")
    assert [(v.rule, v.message) for v in validate_deck(_deck((pair, 1), (alias, 2)))] == [
        ("6.1.3", "3 cards named 'Pair'; at most 2 of the same name")]
