"""`python -m pal_judge …` runs the command line, like the `pal-judge` script."""

from pal_judge.cli import main

if __name__ == "__main__":
    main()
