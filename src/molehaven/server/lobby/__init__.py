"""The lobby: tables, their seats and who sits there, before and during play."""
