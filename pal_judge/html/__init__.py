"""The static, offline HTML rulebook written by `pal-judge export-html DIR`."""

from pal_judge.html.export import ExportReport, export_site

__all__ = ["ExportReport", "export_site"]
