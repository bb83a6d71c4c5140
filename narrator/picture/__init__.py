"""The grimoire drawn: the town square as SVG, and a headless browser to make a PNG."""
