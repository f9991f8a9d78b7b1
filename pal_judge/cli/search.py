"""Placeholder: this command module is being written (see pal_judge/cli/__init__.py)."""
