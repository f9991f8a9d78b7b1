"""Issue 13, item 6 (and issue 17's file modes): `export-html` never writes through a link, never
replaces files it did not write, and never leaves a half-written folder; what a judge asks us to
write gets the ordinary permissions of the umask (only caches are private)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hostile import listing, refused

import pal_judge.html.export as export_module
from pal_judge.corpus import load_rulebook
from pal_judge.errors import UserError
from pal_judge.html import export_site
from pal_judge.html.sources import SiteData


def _small_site(directory: Path) -> None:
    export_site(directory, SiteData(rulebook=load_rulebook()))


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_assets_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    elsewhere = tmp_path / "judge-files"
    elsewhere.mkdir()
    (elsewhere / "site.css").write_text("the judge's own stylesheet", encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / "assets").symlink_to(elsewhere)
    message = refused(["export-html", str(site)]).message
    assert "assets" in message and "link" in message
    assert _tree(elsewhere) == {"site.css": b"the judge's own stylesheet"}
    assert sorted(p.name for p in site.iterdir()) == ["assets"]


def test_a_linked_file_inside_an_earlier_export_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _small_site(site)
    precious = tmp_path / "precious.txt"
    precious.write_text("do not overwrite", encoding="utf-8")
    (site / "assets" / "site.css").unlink()
    (site / "assets" / "site.css").symlink_to(precious)
    with pytest.raises(UserError, match="assets/site.css, a link"):
        _small_site(site)
    assert precious.read_text(encoding="utf-8") == "do not overwrite"


def test_a_judges_own_index_html_is_never_replaced(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>my notes</p>", encoding="utf-8")
    message = refused(["export-html", str(site)]).message
    assert "index.html" in message and "did not write" in message
    assert _tree(site) == {"index.html": b"<p>my notes</p>"}


def test_index_html_that_is_a_folder_is_one_error_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "index.html").mkdir(parents=True)
    message = refused(["export-html", str(site)]).message
    assert "index.html" in message
    assert listing(site) == {"index.html"}


def test_an_earlier_export_is_updated_but_a_file_added_to_it_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _small_site(site)
    _small_site(site)  # the folder holds only what the last export wrote: updated in place
    assert (site / "index.html").is_file()
    (site / "my-notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(UserError, match="my-notes.txt"):
        _small_site(site)
    assert (site / "my-notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_export_that_fails_half_way_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = export_module.write_bytes_atomic
    written: list[Path] = []

    def fails_on_the_third(path: Path, data: bytes, private: bool = False) -> None:
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        written.append(path)
        real_write(path, data, private)

    monkeypatch.setattr(export_module, "write_bytes_atomic", fails_on_the_third)
    site = tmp_path / "site"
    with pytest.raises(UserError, match="No space left on device"):
        _small_site(site)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # neither the site nor its temporary folder


def test_an_export_and_a_saved_scenario_get_ordinary_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        site = tmp_path / "site"
        _small_site(site)
        assert stat.S_IMODE(site.stat().st_mode) == 0o755
        assert stat.S_IMODE((site / "index.html").stat().st_mode) == 0o644
        assert stat.S_IMODE((site / "assets" / "site.css").stat().st_mode) == 0o644
        from typer.testing import CliRunner

        from pal_judge.cli import app

        saved = tmp_path / "what-if.yaml"
        result = CliRunner().invoke(app, ["replay", "unstoppable-loop-is-a-draw", "--save-at", "0", str(saved)])
        assert result.exit_code == 0, result.output
        assert stat.S_IMODE(saved.stat().st_mode) == 0o644
    finally:
        os.umask(old)
