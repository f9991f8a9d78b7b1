"""A game's set-up, made faster (issue 11, speed, stop 19), must not change what a judge sees: a card's names are read
once for each printed name and added names (`cards.card_names_of`), so two cards of one printed name with different
added names (2.1.5) each keep their own card names, for the same-name count of deck construction (5.20.1.1, 6.1.1.2)
and for a text that names a card (2.1.4); the deck check, which reads each set of card names once with the number
of cards that have it, still counts every copy (6.1.1.2, 6.1.1.3) and names every card that may not be in the deck
(2.2.2); the pre-game, which reads the deck check `Game.from_decks` made, says which deck uses a deck-building
ability (6.1.3) as a game restored before its pre-game, which checks its decks itself, does; the concession options,
made once for each pair of player names, are those of the game's own players (1.2.3); and a card object's controller,
set with the object, is its owner (3.1.2, 4.1.6): the Pal B deploys is B's (a card in B's base triggering for B:
`test_speed_s18_engcore_cards.py`)."""

from __future__ import annotations

import random

from engine_helpers import RecordingRandomDecider, board, pal, play
from pal_judge.engine import Game, RandomDecider, ScriptedDecider, card_from_dict, validate_deck
from pal_judge.engine.cards import CardDef
from pal_judge.engine.deck import DECK_SIZE, read_deck
from pal_judge.engine.deciders import Decision
from pal_judge.engine.simulate import generate_deck


def _deck(*cards: tuple[dict, int]) -> list:
    out = [card_from_dict(d) for d, n in cards for _ in range(n)]
    fillers = [card_from_dict(pal(f"Filler {i}")) for i in range((DECK_SIZE - len(out) + 3) // 4)]
    return out + [f for f in fillers for _ in range(4)][:DECK_SIZE - len(out)]


def test_a_card_without_added_names_does_not_take_those_of_a_card_of_its_printed_name() -> None:
    # 2.1.5 the first Foxparks also has the card name Fire Fox: with 2 Fire Fox, 3 of it make 5 cards named Fire Fox,
    # one too many (6.1.1.2); a Foxparks without that added name, read after it, counts only as Foxparks: 3 of it
    # and 2 Fire Fox are legal
    aliased, plain, fire_fox = pal("Foxparks", names=["Fire Fox"]), pal("Foxparks"), pal("Fire Fox")
    assert [(v.rule, v.message) for v in validate_deck(_deck((aliased, 3), (fire_fox, 2)))] == [
        ("6.1.1.2", "5 cards named 'Fire Fox'; at most 4 of the same name")]
    assert validate_deck(_deck((plain, 3), (fire_fox, 2))) == []


def test_a_card_with_added_names_counts_for_each_of_them_after_a_card_of_its_printed_name_without() -> None:
    # the other order: a plain Foxparks is read first; the Foxparks that also has the card name Fire Fox still counts
    # for both names (5.20.1.1): 3 of it with 2 Fire Fox are 5 cards named Fire Fox
    plain, aliased, fire_fox = pal("Foxparks"), pal("Foxparks", names=["Fire Fox"]), pal("Fire Fox")
    assert validate_deck(_deck((plain, 3), (fire_fox, 2))) == []
    assert [v.rule for v in validate_deck(_deck((aliased, 3), (fire_fox, 2)))] == ["6.1.1.2"]


def test_a_text_naming_a_main_name_finds_only_the_card_that_has_it() -> None:
    # 2.1.3.1 / 2.1.4 "Alpha – Lamball" may be named by its main name Lamball; "Alpha – Lambert", read after it, may
    # not: a destroy naming Lamball (5.4.1) can only choose the first
    snipe = {"name": "Snipe", "type": "event", "cost": 0,
             "effect": [{"do": "destroy", "target": {"choose": 1, "controller": "opponent", "name": "Lamball"}}]}
    g = play(board({"hand": ["Snipe"]}, {"base": ["Alpha – Lamball", "Alpha – Lambert"]}),
             [snipe, pal("Alpha – Lamball"), pal("Alpha – Lambert")], ["play Snipe"])
    assert [c.label for c in g.players[1].base] == ["Alpha – Lambert"]
    assert [c.card.name for c in g.players[1].graveyard] == ["Alpha – Lamball"]


def _asked(names: tuple[str, str], seed: int) -> list[Decision]:
    rng = random.Random(seed)
    decider = RecordingRandomDecider(seed)
    Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, names=names,
                    turn_limit=3).run(decider)
    return decider.asked


def test_every_game_offers_the_concessions_of_its_own_players() -> None:
    # 1.2.3 every decision ends with `concede` and `concede NAME` for each player of that game: a game between Ann
    # and Bob, played after one between A and B and before one between Bob and Ann (the seats the other way round)
    for names in (("A", "B"), ("Ann", "Bob"), ("Bob", "Ann")):
        asked = _asked(names, 5)
        assert {d.player for d in asked} == set(names)
        for d in asked:
            assert d.labels()[-3:] == ["concede", f"concede {names[0]}", f"concede {names[1]}"]
            assert [o.data.player for o in d.options[-3:]] == [names.index(d.player), 0, 1]


def test_a_concession_by_name_ends_the_game_for_that_player() -> None:
    # 1.2.3 / 1.2.4 Bob (seated second) concedes at the first decision: Ann wins
    g = Game.from_decks(generate_deck(random.Random(2), "Red"), generate_deck(random.Random(3), "Blue"), seed=2,
                        names=("Ann", "Bob"))
    g.run(ScriptedDecider(["concede Bob"]))
    assert g.result is not None and g.result.winner == "Ann"


def test_a_card_deployed_by_the_second_player_is_that_players() -> None:
    # 3.1.2 / 4.1.4 B plays Scout from the hand: the new object in B's base is B's, its On Deploy draw (12.3) is B's
    scout = pal("Scout", cost=0, abilities=[{"kind": "auto", "trigger": "on_deploy",
                                             "effect": [{"do": "draw", "amount": 1}]}])
    g = play(board({}, {"hand": ["Scout"], "deck": ["Filler", "Filler"]}, turn_player="B"), [scout], ["play Scout"])
    b = g.players[1]
    assert [c.label for c in b.base] == ["Scout"] and b.base[0].controller == 1
    assert [c.card.name for c in b.hand] == ["Filler"] and len(b.deck) == 1


def test_cards_that_share_their_card_names_count_together_for_each_of_them() -> None:
    # 2.1.5 / 5.20.1.1 Alpha also has the card name Beta and Beta the card name Alpha: 3 Alpha and 2 Beta are 5 cards
    # named Alpha and 5 named Beta (6.1.1.2, one violation for each name, in the order of the names); 4 Gamma are legal
    alpha, beta, gamma = pal("Alpha", names=["Beta"]), pal("Beta", names=["Alpha"]), pal("Gamma")
    assert [(v.rule, v.message) for v in validate_deck(_deck((alpha, 3), (beta, 2), (gamma, 4)))] == [
        ("6.1.1.2", "5 cards named 'Alpha'; at most 4 of the same name"),
        ("6.1.1.2", "5 cards named 'Beta'; at most 4 of the same name")]
    assert validate_deck(_deck((alpha, 2), (beta, 2), (gamma, 4))) == []


def test_every_copy_counts_for_the_lucky_icons_and_each_card_that_may_not_be_in_the_deck_is_named() -> None:
    # 6.1.1.3 3 copies each of 3 Lucky pals are 9 Lucky icons; 2.2.2 each of 2 copies of a soul card is named, and the
    # deck is otherwise legal (6.1.1)
    lucky = [card_from_dict(pal(f"Lucky {i}", subtype="lucky")) for i in range(3)]
    soul = CardDef(name="Soul", type="soul")
    deck = [c for c in lucky for _ in range(3)] + [soul, soul]
    deck += _deck()[:DECK_SIZE - len(deck)]
    assert [(v.rule, v.message) for v in validate_deck(deck)] == [
        ("6.1.1.3", "9 cards with a Lucky icon; at most 8"),
        ("2.2.2", "'Soul' of type soul cannot be in the main deck"),
        ("2.2.2", "'Soul' of type soul cannot be in the main deck")]


def _presented(g: Game) -> dict[str, list[tuple[str, ...]]]:
    """The cites of each player's pre-game events about the deck presented (6.2.1.1, 6.1.3), by player."""
    out: dict[str, list[tuple[str, ...]]] = {"A": [], "B": []}
    for e in g.events:
        if "main deck" in e.what or "deck-building" in e.what:
            out[e.player].append(tuple(e.cites))
    return out


def _pregame_decks() -> tuple[list, list]:
    # A: main/sub names (2.1.3) and an added name (2.1.5); B: a deck-building ability (6.1.3), 6 copies of Swarm
    deck_a = _deck((pal("Alpha – Lamball"), 4), (pal("Foxparks", names=["Fire Fox"]), 3))
    deck_b = _deck(({**pal("Swarm"), "deck_limit": "any"}, 6))
    return deck_a, deck_b


def test_the_pre_game_says_which_deck_uses_a_deck_building_ability() -> None:
    # 6.2.1.1 each player presents a legal deck: B's holds 6 Swarm under its deck-building ability, which the pre-game
    # applies (6.1.3, 10.3.2, 1.3.1); A's has none (its added and sub/main names change no limit)
    deck_a, deck_b = _pregame_decks()
    g = Game.from_decks(deck_a, deck_b, seed=4, turn_limit=1)
    g.run(RandomDecider(4))
    presented = _presented(g)
    assert [cites[0] for cites in presented["A"]] == ["6.2.1"]
    assert [cites[0] for cites in presented["B"]] == ["6.1.3", "6.2.1"]
    # what the deck check read of each deck for the pre-game
    a, b = read_deck(deck_a), read_deck(deck_b)
    assert (a.building, a.added_names, a.part_names) == (False, True, True)
    assert (b.building, b.added_names, b.part_names) == (True, False, False)


def test_a_game_restored_before_its_pre_game_checks_its_decks_as_the_game_it_was_saved_from() -> None:
    # the pre-game of a game made from two decks reads the deck check `build_from_decks` made; restored from a save
    # made before it ran (`to_data("start")`), the game checks the decks it holds: the same events, cites included
    deck_a, deck_b = _pregame_decks()
    made = Game.from_decks(deck_a, deck_b, seed=4, turn_limit=1)
    restored = Game.from_data(made.to_data("start"))
    made.run(RandomDecider(4))
    restored.run(RandomDecider(4))
    assert [(e.what, e.cites) for e in restored.events] == [(e.what, e.cites) for e in made.events]
    assert _presented(restored) == _presented(made)
