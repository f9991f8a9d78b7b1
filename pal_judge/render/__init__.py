"""Rich terminal views and report renderers."""
