"""Table mode, what the Pi's service runs: the loop (loop.py), which game it plays (games.py),
voice input's seam (voice.py), the GPIO buttons and LEDs (gpio.py) and systemd's watchdog
(watchdog.py)."""
