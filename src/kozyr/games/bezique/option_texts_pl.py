"""Bezique's rule options in Polish (bezik; see :mod:`kozyr.core.option_texts`)."""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"deal": "Rozdanie", "combinations": "Układy", "play": "Rozgrywka",
            "scoring": "Liczenie punktów", "other": "Inne opcje"},
    options={
        "target": ("Do ilu", "Wynik, który wygrywa partię (sprawdzany na koniec rozdania)"),
        "next_dealer": ("Następny rozdający", "Na zmianę albo ten, kto wziął ostatnią lewę"),
        "dix": ("Siódemka atutowa", "Punkty za zamianę i pokazanie siódemki albo za zamianę "
                                    "i wyjście siódemką"),
        "seven_is_meld": ("Siódemka jako układ", "Zamiana lub pokazanie siódemki zastępuje "
                                                 "zgłoszenie po lewie"),
        "last_trick": ("Ostatnia lewa", "10 punktów za 32. albo za 24. lewę"),
        "bezique_pair": ("Para bezik", "Zawsze dama pik i walet karo albo według atutu"),
    },
    choices={
        "next_dealer": {"alternate": "na zmianę", "trick_winner": "biorący ostatnią lewę"},
        "dix": {"declare": "zamiana lub pokazanie", "play": "zamiana lub wyjście"},
        "bezique_pair": {"QS_JD": "dama ♠ i walet ♦", "by_trump": "według atutu"},
        "last_trick": {32: "32. lewa", 24: "24. lewa"},
    },
)
