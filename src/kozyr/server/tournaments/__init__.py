"""Tournaments (issue 16): knockout and Swiss series of matches at the room's tables."""
