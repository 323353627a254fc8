"""Dialogs shown over any screen: hand-offs, answering ahead, the rules, confirmations, too small, unsaved."""
