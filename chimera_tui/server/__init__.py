"""`chimera serve`: the table host, its wire protocol and its SSH front end.

Nothing here imports Textual or Rich: the client side of a remote seat is `chimera_tui.table.remote`, and its
screens live in `chimera_tui.ui`.
"""
