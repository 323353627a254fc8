"""Whole screens: the menu, new game, load, learn, the lobby of `chimera serve` and its parts, replays."""
