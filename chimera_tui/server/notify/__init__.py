"""Telling turn-based players of their turn where they are: by e-mail or a web hook, from a queue in the
store (`outbox`), sent by `sending`, queued by the host's `notifying` part, worded by `words` from what every
seat may know."""
