"""The grimoire's read side: the read model, the Storyteller's questions, the hand-out."""
