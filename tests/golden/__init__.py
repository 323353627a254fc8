"""Golden transcripts: complete seeded games of every game, in the action notation, with the digest of the
final state. `tests/test_golden.py` replays them, so a change that alters play shows at once;
`python -m tests.golden.regenerate` writes them again when a rule change is meant to alter play."""
