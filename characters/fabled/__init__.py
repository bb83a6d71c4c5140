"""Fabled characters, one module each."""
