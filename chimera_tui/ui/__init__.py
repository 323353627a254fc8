"""The Textual UI: the only package that imports Textual."""
