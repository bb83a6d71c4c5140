"""The bag: the setup counts and the draw."""
