"""Debertz's rule options in Polish (see :mod:`kozyr.core.option_texts`).

Debertz is little played in Poland; its own words stay (bella, bajt, „łyżwy”), and the rest is
what a Polish card player says: atut, lewa, licytacja, rozdający, grający (the declarer).
"""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"match": "Partia", "cards": "Karty", "deal": "Rozdanie", "bidding": "Licytacja",
            "melds": "Układy", "play": "Rozgrywka", "scoring": "Liczenie punktów",
            "other": "Inne opcje"},
    options={
        "players": ("Gracze", "Liczba graczy (we czterech pary naprzeciw siebie, 0+2 przeciw "
                              "1+3)"),
        "target": ("Do ilu", "Wynik, który wygrywa partię"),
        "ante": ("Wpisowe", "Wpłata każdego przed partią, trafia do zwycięzcy"),
        "obligation": ("Przymus", "Rozdający, ostatni w drugim okrążeniu, nie może pasować"),
        "seven_swap": ("Zamiana siódemki", "Siódemkę atutową można zamienić na odkrytą kartę "
                                           "(nie we czterech)"),
        "cutter_visible": ("Widoczna dolna karta", "Dolna karta talii jest widoczna po drugim "
                                                   "rozdaniu kart"),
        "natural_sequence_order": ("Naturalna kolejność", "Sekwensy w kolejności 7 8 9 10 W D "
                                                          "K A"),
        "bella_after_trick": ("Bella po lewie", "Bellę można zgłosić dopiero po lewie "
                                                "własnej strony"),
        "first_lead": ("Pierwsze wyjście", "Kto wychodzi pierwszy"),
        "overtrump": ("Przebijanie atutem", "Kiedy trzeba dołożyć atut wyższy od leżących: "
                                            "zawsze czy tylko przy wyjściu w atut"),
        "skate_penalty": ("Kara za „łyżwy”", "Co traci gracz (drużyna) bez żadnej lewy"),
        "declarer_must_beat": ("Grający musi pobić",
                               "Grający musi zdobyć więcej niż obrońcy razem albo niż każdy "
                               "z osobna"),
        "bait_to": ("Komu bajt", "Punkty przegranego grającego: dzielone albo wszystkie dla "
                                 "najlepszego obrońcy"),
        "hanging_bait_to": ("Komu wiszący bajt", "Wiszące punkty: dla grającego następnego "
                                                 "rozdania albo dla najlepszego w nim"),
    },
    choices={
        "first_lead": {"declarer": "grający", "left_of_dealer": "na lewo od rozdającego",
                       "previous_top": "najlepszy z poprzedniego rozdania"},
        "overtrump": {"always": "zawsze", "trump_lead": "przy wyjściu w atut"},
        "declarer_must_beat": {"defenders_together": "obrońców razem",
                               "each_defender": "każdego obrońcę"},
        "bait_to": {"split": "po równo", "top": "najlepszemu obrońcy"},
        "hanging_bait_to": {"next_contract": "następnej grze",
                            "next_top": "najlepszemu następnego rozdania"},
    },
)
