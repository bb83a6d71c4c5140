"""The rules mechanisms that abilities share: delayed kills, seeming deaths, madness, pairs, creation, choices, wakes, the abnormal record, information rules, day rules, seat changes."""
