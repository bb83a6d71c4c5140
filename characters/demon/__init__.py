"""Demon characters, one module each."""
