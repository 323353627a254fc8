"""The Codename: Chimera screen (monsters on card grids, the drafting row, dice) and its view functions."""
