"""The app's TCSS, installed as the package `chimera_tui.styles` (one file per game plus app.tcss)."""
