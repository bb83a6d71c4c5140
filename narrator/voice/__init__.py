"""Voice commands in: the gated, half-duplex listener (listener.py), the confirmation policy's
words (confirm.py), the recognizer backends (recognizers.py), start-up from the configuration
(opening.py) and the game side that carries commands out (session.py)."""
