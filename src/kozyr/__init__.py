"""kozyr — Thousand, Debertz and Tertz: rules engines, game records, bots and a card room."""

__version__ = "0.1.0"
