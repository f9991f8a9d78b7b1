"""The card catalogue: every card the rulings define, and a judge's own card list."""
