"""Imaginarium's own screen: the belt, the workshops with their dials, the dream track (issue 12)."""
