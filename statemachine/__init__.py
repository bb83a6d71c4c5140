"""The game engine: grimoire, phases, night queue, day, win checks, journal. No I/O but the journal."""
