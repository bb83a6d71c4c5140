"""Minion characters, one module each."""
