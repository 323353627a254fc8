"""Chimera Station's screen (issue 5): the board, the Reactor, the Lab, the mats, played by keyboard."""
