"""The Clocktower narrator: the app that wires engine, characters and hardware together."""
