"""`chimera serve`: the table host, its wire protocol and its SSH front end.

The client's side is here too, as it speaks the same protocol: a client's connection to the host
(`link.HostLink`) and the remote seat it plays through (`remote_table.RemoteTable`). Nothing here imports
Textual or Rich: the lobby and its screens live in `chimera_tui.ui`.
"""
