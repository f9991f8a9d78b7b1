"""Loops (13.1): an optional use answered `yes` into the same game state again is a loop that player can
stop; the players who can stop it declare how many more times it is performed (13.1.1.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.engine.deciders import Option

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

LOOP_COUNT_MAX = 10  # the largest count offered by the `loop_count` decision (13.1.1.2)


def choose_to_use(g: "Game", who: int, prompt: str) -> bool:
    """An optional use (10.8.3.1.1 / 10.7.3). Inside a loop whose length was declared (13.1.1.2) the
    answer is given by the declared number."""
    state = _state_key(g)
    if g.loop_budget is None and who in g.loop_stoppers and state in g.loop_seen:
        # 13.1.1 the same game state recurs while a player keeps answering yes: a loop that player can stop
        g.emit("the same game state recurs: this is a loop a player can stop", ("13.1.1", "13.1.1.2"))
        declare_loop_count(g)
        g.loop_state = state
    g.loop_seen.add(state)
    g.check_read_changed()  # the next check timing forgets it (13.1.1: a loop is looked for within one check timing)
    if g.loop_budget is not None and who in g.loop_stoppers:
        if g.loop_state is not None and state != g.loop_state:
            return True  # 13.1.1.2 one performance of the loop actions goes on until its original point
        if g.loop_budget > 0:
            g.loop_budget -= 1
            return True
        if state == g.loop_state:
            # 13.1.1.2.1 after the declared times the very same game state is back: no further loop
            g.emit(f"the game state is the same as before the declared loop: {g.pname(who)} cannot perform it again",
                   ("13.1.1.2.1", "13.1.1.2"), player=who)
        else:
            g.emit(f"{g.pname(who)} stops the loop after the declared number of times", ("13.1.1.2",), player=who)
        return False
    yes = g.ask("optional", who, [Option("yes"), Option("no")], prompt).label == "yes"
    if yes:
        g.loop_stoppers.add(who)  # this player could have stopped what repeats
    return yes


def _state_key(g: "Game") -> str:
    """The whole visible game state and the abilities waiting to be used (for 13.1.1.2.1)."""
    import json

    return json.dumps([g.snapshot(), [p.label() for p in g.pending]], sort_keys=True, default=str)


def declare_loop_count(g: "Game") -> None:
    """13.1.1.2 the players able to stop a loop declare, turn player first, how many more times it is
    performed; it is performed the smallest number declared."""
    counts = []
    for who in (g.turn_player, g.opp(g.turn_player)):
        if who in g.loop_stoppers:
            opt = g.ask("loop_count", who, [Option(str(n), n) for n in range(LOOP_COUNT_MAX + 1)],
                        "how many more times should the loop be performed? (13.1.1.2)")
            counts.append((who, opt.data))
    g.loop_budget = min(n for _, n in counts)
    said = ", ".join(f"{g.pname(w)} declares {n}" for w, n in counts)
    g.emit(f"a loop that a player can stop: {said}; it is performed {g.loop_budget} more time(s)",
           ("13.1.1.2", "13.1.1"), after={"loop_count": g.loop_budget})
