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


def test_the_phrases_the_doc_calls_typed_only_are_not_listened_for():
    """The intro's typed-only synonyms parse typed and are in no spoken form ("where are we" was
    named there after it had become a spoken way to ask for the status)."""
    import re

    language = language_for(None, 12)
    line = " ".join(DOC.read_text().split("typed only (", 1)[1].split(")", 1)[0].split())
    named = re.findall(r"`([^`]+)`", line)
    assert named == ["carry on", "done", "go back", "say it again"]
    for phrase in named:
        assert language.parse(phrase) is not None, phrase
        assert language.parse(phrase, spoken=True) is None, phrase
    assert language.parse("where are we", spoken=True).intent == "status"
