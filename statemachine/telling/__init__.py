"""What the Storyteller tells a player: the Info wait built for a character (the truth, a
false proposal where it may or must be false, the pause before the reasons), and the
answers given instead of its proposal."""
