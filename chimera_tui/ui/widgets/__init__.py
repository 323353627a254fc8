"""Widgets the game screens share: the log, footer, cards, dice, hex and place boards, charts, rules panel."""
