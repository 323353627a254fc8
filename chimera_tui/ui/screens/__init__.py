"""Part of the Textual UI."""
