"""Tertz's rule options in Polish (see :mod:`kozyr.core.option_texts`)."""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"play": "Rozgrywka", "scoring": "Liczenie punktów", "other": "Inne opcje"},
    options={
        "free_trump_jack": ("Wolny walet atutowy",
                            "Waleta atutowego można zagrać zawsze i nie trzeba go dokładać"),
        "target": ("Do ilu", "Wynik, który wygrywa partię (sprawdzany na koniec rozdania)"),
    },
)
