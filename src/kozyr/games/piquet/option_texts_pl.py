"""Piquet's rule options in Polish (pikieta; see :mod:`kozyr.core.option_texts`)."""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"exchange": "Wymiana", "declarations": "Zapowiedzi", "play": "Rozgrywka",
            "partie": "Partia", "other": "Inne opcje"},
    options={
        "rubicon": ("Rubikon", "Próg przegranego i premia zwycięzcy"),
        "four_deal_partie": ("Partia z czterech rozdań",
                             "Cztery rozdania, pierwsze i ostatnie liczą się podwójnie"),
        "younger_must_exchange": ("Młodsza ręka wymienia",
                                  "Młodsza ręka musi wziąć co najmniej jedną kartę"),
        "russian_exchange": ("Wymiana po rosyjsku",
                             "Każdy wymienia albo nic, albo od 3 do 5 kart"),
        "left_cards": ("Pozostałe karty", "Kto widzi karty, które zostały w talonie"),
        "sinking": ("Przemilczenie", "Gracz może przemilczeć kategorię"),
        "low_cards_count": ("Niskie karty się liczą",
                            "Dziewiątka, ósemka i siódemka dają punkt przy wyjściu i lewie"),
        "last_trick": ("Ostatnia lewa", "Punkty za ostatnią lewę"),
        "target": ("Do ilu", "Pikieta do stu: wynik, który wygrywa grę"),
        "double_game": ("Podwójna gra",
                        "Dojść do celu, gdy przeciwnik ma mniej niż 50: podwójna wygrana"),
    },
    choices={"left_cards": {"shown": "widoczne", "hidden": "zakryte"}},
)
