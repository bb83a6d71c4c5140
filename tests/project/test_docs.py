"""docs/commands.md is generated from the command language; it must not drift."""
from pathlib import Path

from narrator.cli.commands import language_for, markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def test_commands_doc_is_up_to_date():
    expected = markdown(language_for(None, 12))
    assert DOC.read_text() == expected, "run: narrator commands --markdown > docs/commands.md"


def test_every_family_is_documented_with_an_example():
    text = DOC.read_text()
    language = language_for(None, 12)
    for family in language.families:
        assert f"| {family.intent} | `{language.example(family.intent)}`" in text
