"""Sane bounds on what a card or a scenario can ask of the engine (issue 13.4).

Nothing in the rules caps these numbers, but no printed card comes near them; a file that goes beyond
them is refused (`CardDataError` with the field's path), and a game that goes beyond its event budget
stops with one clear message instead of running without end or growing memory without bound.
"""

MAX_AMOUNT = 100_000  # any number on a card: amounts, power, strike, cost, limits (absolute value)
MAX_X = 10  # the largest X offered by the `choose_x` decision (10.6.2.2.2)
MAX_REPEAT = 100  # `repeat` amount, and the product of nested repeats' amounts
MAX_TRIGGER_TIMES = 10  # `trigger_times` amount (5.21.1 "activates N times")
MAX_CHOOSE = 100  # a selector's `choose: N`, look_and_choose's `choose`
MAX_EVENTS = 200_000  # events in one game (one scenario); beyond it the game stops with outcome `event_limit`
# replacement effects applied one inside another (a replacement's cost or steps make an event another replacement
# replaces, before the first event has happened) before the chain is a loop no player can stop (13.1.1.1)
REPLACEMENT_DEPTH = 50
RULE_ACTION_ROUNDS = 100  # rounds of check-type rule actions in one check timing before it is a loop (13.1.1.1)
