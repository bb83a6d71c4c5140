"""Townsfolk characters, one module each."""
