"""The command language: sentence templates (templates.py), the phrase families with the parser
and recognizer grammars made from them (commands.py), and extra pronunciations
(pronunciations.py)."""
