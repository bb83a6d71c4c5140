"""Traveller characters, one module each."""
