"""Running and stopping games, loops (13.1), and the less common effect steps of chapter 5."""

from __future__ import annotations

from engine_helpers import base, board, cited, pal, play

from pal_judge.engine import Game, ScriptedDecider, SetupError


def test_script_exhausted_stops_with_the_pending_decision() -> None:
    g = Game.from_setup(board({"base": ["Filler"]}), [])
    r = g.run(ScriptedDecider([]))
    assert r.outcome == "script_exhausted" and r.pending is not None
    assert r.pending.kind == "main" and "attack Filler -> player" in r.pending.labels()


def test_until_stops_before_the_named_phase() -> None:
    g = Game.from_setup(board(phase="stand"), [])
    r = g.run(ScriptedDecider(["end_turn"] * 10), until="turn:5")
    assert r.outcome == "until" and g.turn == 5 and g.phase == "stand"  # before turn 5 does anything


def test_state_trigger_that_never_stops_is_a_draw() -> None:
    # 10.8.6.1 the state trigger re-enters standby after each resolution while the hand is empty;
    # nobody can stop it: 13.1.1.1 the game is a draw.
    loop = [{"kind": "auto", "trigger": "state", "state": "hand_empty",
             "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]
    g = play(board({"base": ["Looper"], "hand": []}), [pal("Looper", abilities=loop)], [])
    assert g.result is not None and g.result.outcome == "loop_draw" and "13.1.1.1" in cited(g)


def test_state_trigger_fires_once_per_occurrence() -> None:
    refill = [{"kind": "auto", "trigger": "state", "state": "hand_empty", "effect": [{"do": "draw", "amount": 1}]}]
    g = play(board({"base": ["Refill"], "hand": []}), [pal("Refill", abilities=refill)], [])
    assert len(g.players[0].hand) == 1 and "10.8.6" in cited(g)


def test_draw_up_to_may_stop_early() -> None:
    ev = {"name": "Maybe", "type": "event", "cost": 0, "effect": [{"do": "draw_up_to", "amount": 3}]}
    g = play(board({"hand": ["Maybe"]}), [ev], ["play Maybe", "continue", "stop"])
    assert len(g.players[0].hand) == 1 and {"5.7.3.2", "5.7.3.3"} <= cited(g)


def test_choose_one_runs_only_the_chosen_option() -> None:
    ev = {"name": "Fork", "type": "event", "cost": 0, "effect": [{"do": "choose_one", "options": [
        [{"do": "draw", "amount": 1}], [{"do": "gain", "resource": "material", "amount": 2}]]}]}
    g = play(board({"hand": ["Fork"]}), [ev], ["play Fork", "option 2"])
    assert g.players[0].material == 2 and g.players[0].hand == []


def test_exchange_swaps_a_base_card_and_a_hand_card() -> None:
    ev = {"name": "Swap", "type": "event", "cost": 0, "effect": [{"do": "exchange",
          "target": {"choose": 1, "controller": "you"}, "with": {"choose": 1, "zone": "hand", "controller": "you"}}]}
    g = play(board({"hand": ["Swap", "Big"], "base": ["Small"]}), [ev, pal("Big", 4000), pal("Small", 500)],
             ["play Swap", "Big"])  # 10.6.3.1.5 a hidden-zone choice may also be "done"
    assert list(base(g, "A")) == ["Big"] and [c.label for c in g.players[0].hand] == ["Small"]
    assert "5.11.1" in cited(g)


def test_gaining_a_negative_resource_floors_at_zero() -> None:
    ev = {"name": "Tax", "type": "event", "cost": 0, "effect": [{"do": "gain", "resource": "material", "amount": -5}]}
    g = play(board({"hand": ["Tax"], "material": 2}), [ev], ["play Tax"])
    assert g.players[0].material == 0 and "3.3.3.1" in cited(g)


def test_effect_can_win_the_game_at_once() -> None:
    ev = {"name": "Victory", "type": "event", "cost": 0, "effect": [{"do": "win", "who": "you"}]}
    g = play(board({"hand": ["Victory"]}), [ev], ["play Victory"])
    assert g.result is not None and g.result.winner == "A" and "1.2.4" in cited(g)


def test_concede_loses_at_once() -> None:
    g = play(board(), [], ["concede"])
    assert g.result is not None and g.result.winner == "B" and "1.2.3" in cited(g)


def test_two_replacements_the_controller_orders_them() -> None:
    # 10.11.2 the affected card's controller picks the first; it replaces the event, the other never applies.
    reps = [{"kind": "replacement", "name": "Shield", "replaces": "destroy", "instead": [{"do": "rest", "target": "self"}]},
            {"kind": "replacement", "name": "Escape", "replaces": "destroy",
             "instead": [{"do": "place", "to": "hand", "target": "self"}]}]
    cards = [pal("Brute", 5000), pal("Cat", 1000, abilities=reps)]
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Cat", "state": "rested"}]}), cards,
             ["attack Brute -> Cat", "Cat: Escape"])
    assert [c.label for c in g.players[1].hand] == ["Cat"] and "10.11.2" in cited(g)


def test_setup_errors_name_the_path() -> None:
    import pytest

    with pytest.raises(SetupError) as err:
        Game.from_setup(board({"base": ["Nobody"]}), [])
    assert err.value.path == "players.A.base[0].card"
    with pytest.raises(SetupError) as err:
        Game.from_setup(board(), [{"name": "Bad", "type": "pal"}])
    assert err.value.path.startswith("cards[0]")


def test_until_end_of_turn_stops_as_the_end_phase_begins() -> None:
    g = Game.from_setup(board({"base": [{"card": "Filler", "damage": 500}]}), [])
    r = g.run(ScriptedDecider(["end_turn"]), until="end_of_turn")
    assert r.outcome == "until" and g.phase == "end" and g.turn == 3
    assert g.players[0].base[0].damage == 500  # 7.6.3 has not happened yet


def test_cards_placed_together_see_each_other_enter() -> None:
    # 10.8.4.2: two "when another card enters your base" pals placed at once both trigger for the other.
    greet = [{"kind": "auto", "trigger": "on_ally_deployed", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]
    reunion = {"name": "Reunion", "type": "event", "cost": 0,
               "effect": [{"do": "place", "to": "base", "target": {"all": True, "zone": "graveyard", "controller": "you"}}]}
    cards = [pal("Host", abilities=greet), pal("Guest", abilities=greet), reunion]
    g = play(board({"graveyard": ["Host", "Guest"], "hand": ["Reunion"]}), cards, ["play Reunion", "Host: on_ally_deployed"])
    assert g.players[0].material == 2 and "10.8.4.2" in cited(g)


class _LoopDecider:
    """Says yes to every optional use, declares 3 for a loop, then ends the turn."""

    def __init__(self) -> None:
        self.kinds: list[str] = []

    def decide(self, decision, game):  # type: ignore[no-untyped-def]
        self.kinds.append(decision.kind)
        want = {"optional": "yes", "loop_count": "3", "main": "end_turn"}[decision.kind]
        return next(o for o in decision.options if o.label == want)


def test_a_loop_a_player_can_stop_runs_the_declared_number_of_times() -> None:
    # 13.1.1.2: the optional state trigger keeps re-triggering while A says yes; A can stop it, so A
    # declares a count (3) and the loop is performed 3 more times, then stops; the game goes on.
    loop = [{"kind": "auto", "trigger": "state", "state": "hand_empty", "optional": True,
             "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]
    g = Game.from_setup(board({"base": ["Looper"], "hand": []}, turn_limit=3), [pal("Looper", abilities=loop)])
    d = _LoopDecider()
    g.run(d)
    assert d.kinds.count("loop_count") == 1 and "main" in d.kinds
    yes_before = d.kinds.index("loop_count")  # every optional asked before the count was answered yes
    assert g.players[0].material == yes_before + 3
    assert "13.1.1.2" in cited(g) and g.result is not None and g.result.outcome == "turn_limit"


def test_declare_a_name_then_take_the_card_with_that_name() -> None:
    ev = {"name": "Guess", "type": "event", "cost": 0, "effect": [
        {"do": "declare"},
        {"do": "look_and_choose", "amount": 3, "choose": 1, "filter": {"name": "declared", "type": "any"}, "to": "hand"}]}
    g = play(board({"hand": ["Guess"], "deck": ["Filler", "Lucky Filler", "Filler"]}), [ev],
             ["play Guess", "Lucky Filler", "Lucky Filler"])
    assert [c.label for c in g.players[0].hand] == ["Lucky Filler"] and "5.19.1" in cited(g)


def test_repeat_may_choose_the_same_target_each_time() -> None:
    # 10.6.3.1.4: "〈deal 1000 damage to a pal〉 twice": the same pal may be chosen both times.
    ev = {"name": "Double Tap", "type": "event", "cost": 0, "effect": [{"do": "repeat", "amount": 2, "effect": [
        {"do": "damage", "amount": 1000, "target": {"choose": 1, "controller": "opponent"}}]}]}
    g = play(board({"hand": ["Double Tap"]}, {"base": ["Tank", "Small"]}),
             [ev, pal("Tank", 5000), pal("Small", 5000)], ["play Double Tap", "Tank", "Tank"])
    assert base(g, "B")["Tank"]["damage"] == 2000 and base(g, "B")["Small"]["damage"] == 0
    assert "10.6.3.1.4" in cited(g)
