"""Placeholder: filled in by the rulebook work (issue 2)."""
