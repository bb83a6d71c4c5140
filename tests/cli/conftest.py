from asked_phrases import asked_phrases_are_understood  # noqa: F401 (autouse)
