"""Narration out: the speech queue and its two channels (queue.py), the prompt cache
(cache.py), the lines a game will certainly need (prompts.py) and the [audio]/[voice]
configuration as speech settings (config.py)."""
