"""The character catalogue: script loading, character data and each ability as a plugin."""
