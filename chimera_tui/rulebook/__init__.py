"""Each game's rules text (its ``data/rules.md``, our own words) as topics: `text` splits it into topics,
`lookup` finds one by name or by the words it contains, `search` ranks them for a question in the player's
own words. Pure: no Textual, no Rich. The rules panel, the rules screen and `chimera rules` read them here.
"""
