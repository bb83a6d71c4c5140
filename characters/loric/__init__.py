"""The Loric: rules a script adds to the game, each held by no player."""
