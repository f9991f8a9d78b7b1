"""The modules Whoosh imports and a search never uses (its English morphology, urllib.request) are
loaded only when something calls into them, and then they are the real modules: a search never pays
for them, a program using them gets what it would get without pal-judge."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_querying_whoosh_through_pal_judge_leaves_the_morphology_unloaded_until_it_is_called() -> None:
    out = _run("""
        import sys
        import pal_judge.search.query  # builds Whoosh queries: imports whoosh.query
        import whoosh.query
        before = "whoosh.lang.morph_en" in sys.modules, type(whoosh.query.terms.variations).__name__
        from whoosh.query.terms import variations
        deferred = variations("render")
        real = sys.modules["whoosh.lang.morph_en"]
        import whoosh.lang.morph_en as named
        print(*before, type(real).__name__, deferred == real.variations("render"), named is real,
              sys.modules["whoosh.lang"].morph_en is real, sorted(real.variations("pull"))[:2])
    """)
    assert out == "False function module True True True ['pull', 'pull-less']"


def test_a_program_that_imported_the_morphology_first_keeps_it() -> None:
    out = _run("""
        import sys
        import whoosh.lang.morph_en as real
        import pal_judge.search.query
        print(sys.modules["whoosh.lang.morph_en"] is real, type(real).__name__)
    """)
    assert out == "True module"


def test_only_whoosh_is_given_the_stand_ins_and_the_finder_leaves_once_whoosh_is_loaded() -> None:
    out = _run("""
        import sys
        import pal_judge.search  # defer(): nothing of Whoosh loaded yet
        waiting = any(type(finder).__name__ == "_WhooshFinder" for finder in sys.meta_path)
        import urllib.request  # another program's import, before Whoosh: the real module
        first = type(urllib.request).__name__
        import pal_judge.search.query  # loads whoosh.compat and whoosh.query.terms
        gone = not any(type(finder).__name__ == "_WhooshFinder" for finder in sys.meta_path)
        import whoosh.lang.morph_en  # after Whoosh: the real module too
        print(waiting, first, gone, type(whoosh.lang.morph_en).__name__, len(whoosh.lang.morph_en.variations("pull")) > 1)
    """)
    assert out == "True module True module True"


def test_urllib_request_stays_unloaded_by_a_search_and_works_when_used() -> None:
    out = _run("""
        import sys
        import pal_judge.search.query
        from whoosh.compat import urlretrieve
        before = "urllib.request" in sys.modules, "http.client" in sys.modules
        import urllib.request
        url = urllib.request.pathname2url("/a b")
        print(*before, url, type(sys.modules["urllib.request"]).__name__, urllib.request is sys.modules["urllib.request"],
              urlretrieve.__name__)
    """)
    assert out == "False False /a%20b module True urlretrieve"
