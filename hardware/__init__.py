"""Device adapters that know nothing of the game: microphone, speakers, recognizers, GPIO."""
