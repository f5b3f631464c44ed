"""Errors raised at kozyr's edges; each message says what was wrong and where."""


class KozyrError(ValueError):
    """Base of kozyr's own errors."""


class IllegalActionError(KozyrError):
    """An action that is malformed or not legal in the current state; the state is unchanged."""


class RulesError(KozyrError):
    """A rule set that names an unknown preset or option, or gives an option a bad value."""


class RecordError(KozyrError):
    """A game record that does not follow spec/records.md."""
