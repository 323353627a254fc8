"""Imaginarium with its Chimera expansion: components and rules text so far (the rules core comes later).

Not registered in ``chimera_tui.games`` yet: nothing here exports ``RULES``.
"""
