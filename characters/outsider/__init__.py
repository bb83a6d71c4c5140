"""Outsider characters, one module each."""
