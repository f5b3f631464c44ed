"""Tertz's rule options in Ukrainian (see :mod:`kozyr.core.option_texts`)."""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"play": "Розіграш", "scoring": "Рахунок", "other": "Інше"},
    options={
        "free_trump_jack": ("Вільний валет",
                            "Козирного валета можна зіграти завжди, і його не змушують "
                            "класти"),
        "target": ("До скількох", "Рахунок, що виграє партію (перевіряється наприкінці "
                                  "роздачі)"),
    },
)
