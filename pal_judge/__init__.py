"""pal-judge: the Palworld TCG rules reference and ruling assistant."""

__version__ = "0.1.0"
