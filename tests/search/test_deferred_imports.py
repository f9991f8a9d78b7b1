"""The modules Whoosh imports and a search never uses (its English morphology, urllib.request) are
loaded only when something calls into them, and then they are the real modules: a search never pays
for them, a program using them gets what it would get without pal-judge."""

from __future__ import annotations

import ast
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


def test_the_stand_ins_are_there_only_while_whoosh_loads_and_no_import_hook_is_left() -> None:
    out = _run("""
        import sys
        hooks = list(sys.meta_path)
        import pal_judge.search  # nothing of Whoosh loaded yet, nothing hooked
        import urllib.request  # another program's import, before Whoosh: the real module
        first = type(urllib.request).__name__
        del sys.modules["urllib.request"]  # as if it had not been imported
        import pal_judge.search.query  # loads whoosh.compat and whoosh.query.terms
        left = [name for name in ("urllib.request", "whoosh.lang.morph_en") if name in sys.modules]
        import whoosh.lang.morph_en  # after Whoosh: the real module too
        print(sys.meta_path == hooks, first, left, type(whoosh.lang.morph_en).__name__,
              len(whoosh.lang.morph_en.variations("pull")) > 1)
    """)
    assert out == "True module [] module True"


def test_every_module_importing_whoosh_imports_the_deferral_first() -> None:
    """Whichever module of the package a command imports first, Whoosh is loaded without them."""
    for path in sorted((ROOT / "pal_judge" / "search").glob("*.py")):
        names = [node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                 for node in ast.parse(path.read_text(encoding="utf-8")).body
                 if isinstance(node, (ast.Import, ast.ImportFrom)) and (node.module if isinstance(node, ast.ImportFrom)
                                                                        else node.names[0].name)]
        whoosh = [at for at, name in enumerate(names) if name == "whoosh" or name.startswith("whoosh.")]
        if whoosh and path.name != "deferred_imports.py":
            assert "pal_judge.search.deferred_imports" in names[: whoosh[0]], path.name


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


def test_html_and_queue_stay_unloaded_by_a_search_and_work_when_used() -> None:
    """What a search (`ask`, `search`) imports never loads them; Whoosh's html escaping and a
    program's own `html` and `queue` work as without pal-judge."""
    out = _run("""
        import sys
        import pal_judge.search.documents_index, pal_judge.search.sections_index  # all a search imports
        import whoosh.searching
        before = [name for name in ("html", "html.entities", "queue") if name in sys.modules]
        from whoosh.compat import htmlescape, queue as whoosh_queue
        escaped = htmlescape('<a href="x">&</a>')
        import html, queue
        print(before, escaped, html.unescape("&eacute;"), type(sys.modules["html"]).__name__,
              whoosh_queue.Queue is queue.Queue)
    """)
    assert out == "[] &lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt; é module True"
