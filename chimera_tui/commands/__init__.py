"""The `chimera` command and its sub-commands, one module each: `cli` parses the arguments and hands each
command to its module (`bench`, `terminal_bench`, `replay`, `rules`, `tables`); `chimera`, `new`, `load` and
`learn` open the app (`chimera_tui.launch` decides what it opens with). The top layer: nothing imports it
but `chimera_tui.__main__`.
"""
