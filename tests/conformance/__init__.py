"""The conformance suite: every registered game and preset, held to the same contract."""
