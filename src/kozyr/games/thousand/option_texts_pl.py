"""Thousand's rule options in Polish, as Tysiąc players say them (see
:mod:`kozyr.core.option_texts`): musik (talon), meldunek (marriage), bomba (write-off: the
declarer gives up the deal), na beczce (on the barrel), licytacja (bidding), gra w ciemno (the
blind), na setce (the forced bidder of 100), grający (declarer), przeciwnicy (opponents),
kreska (bolt: the dash written for a deal without points), skreślenie (strike-out),
przełożenie (the cut), złoty koń (golden horse), wywrotka (dump truck).
"""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={
        "match": "Partia",
        "cards": "Karty i meldunki",
        "deal": "Rozdanie",
        "bidding": "Licytacja i gra w ciemno",
        "talon": "Musik, deklaracja, bomba",
        "play": "Rozgrywka",
        "scoring": "Liczenie punktów i kreski",
        "barrel": "Beczka",
        "four": "We czterech",
        "other": "Inne opcje",
    },
    options={
        # §2 the match
        "players": ("Gracze", "Liczba graczy (we czterech rozdający nie gra rozdania)"),
        "target": ("Do ilu", "Wynik, który wygrywa partię"),
        "stake": ("Stawka za punkt", "Rozliczenie: każdy przegrany płaci (zwycięzca − on) × "
                                     "stawka"),
        # §1 cards
        "marriage_values": ("Wartość meldunków", "Ile jest wart meldunek (K+D) w każdym "
                                                 "kolorze"),
        "ace_marriage": ("Meldunek asów", "Cztery asy — meldunek za 200"),
        "bed_marriage": ("Mały meldunek", "Dama i walet w jednym kolorze — meldunek za połowę "
                                          "wartości meldunku"),
        "four_nines": ("Cztery dziewiątki", "Cztery dziewiątki zgłasza się wyjściem "
                                            "dziewiątką i są warte tyle"),
        # §3 the deal
        "redeal": ("Nowe rozdanie", "Słaba ręka (cztery dziewiątki albo mniej niż "
                                    "redeal_below punktów) może poprosić o nowe rozdanie"),
        "redeal_below": ("Nowe rozdanie poniżej", "Ręka warta mniej punktów może prosić o "
                                                  "nowe rozdanie"),
        "redeal_when": ("Kiedy nowe rozdanie", "Kiedy można prosić o nowe rozdanie"),
        "redeal_nines_jacks": ("Nowe rozdanie na dziewiątki i walety",
                               "Trzy-cztery dziewiątki albo cztery walety też dają prawo do "
                               "nowego rozdania"),
        "cut_ritual": ("Przełożenie talii", "Dziewiątka na spodzie — przełożyć jeszcze raz; "
                                            "trzy dziewiątki — kara dla przekładającego; "
                                            "walet — rozdający przekłada sam"),
        "cut_by": ("Kto przekłada", "Przełożenie talii: sąsiad rozdającego z lewej albo z "
                                    "prawej"),
        "cut_penalty": ("Kara za przełożenie", "Przełożenie talii: ile kosztują "
                                               "przekładającego trzy dziewiątki z rzędu"),
        "no_shuffle": ("Bez tasowania", "Talię tasuje się raz na partię, potem tylko się ją "
                                        "przekłada"),
        # §4 bidding
        "forced_bidder": ("Kto na setce", "Kto otwiera licytację obowiązkową setką"),
        "bid_step": ("Krok licytacji", "Licytacja i deklaracje rosną o tyle"),
        "max_bid": ("Najwyższa licytacja", "Ani licytacja, ani deklaracja nie może być "
                                           "wyższa"),
        "trading_in_red": ("Licytacja na minusie", "Gracz z wynikiem poniżej tego sam pasuje "
                                                   "(nie — licytują wszyscy)"),
        "blind_bid": ("Gra w ciemno", "Gracz na setce może powiedzieć 120 w ciemno; jeśli to "
                                      "wygra, rozdanie liczy się podwójnie"),
        "blind_bidders": ("Kto może w ciemno", "Tylko gracz na setce albo każdy, kto jeszcze "
                                               "nie oglądał kart"),
        "blind_doubles": ("Ciemno podwaja", "Wygrana gra w ciemno podwaja wynik grającego "
                                            "albo wszystkich"),
        "blind_marriages_doubled": ("Ciemno podwaja meldunki",
                                    "Wygrana gra w ciemno podwaja także meldunki"),
        "blind_min_score": ("W ciemno od", "W ciemno może grać tylko gracz z takim wynikiem "
                                           "lub wyższym (nie — każdy)"),
        # §5 talon, contract, write-off
        "hide_talon_on_forced_100": ("Musik zakryty na setce",
                                     "Musiku się nie pokazuje, jeśli wygrała obowiązkowa "
                                     "setka"),
        "redeal_poor_talon": ("Nowe rozdanie przy słabym musiku",
                              "Gracz na setce z musikiem wartym mniej niż 5 punktów może "
                              "żądać nowego rozdania"),
        "redeal_bad_talon": ("Nowe rozdanie przy złym musiku",
                             "Grający może żądać nowego rozdania: musik za mniej niż 5 "
                             "punktów, dwie dziewiątki albo trzy walety"),
        "talon_buying": ("Kupno musiku", "Przeciwnik może kupić odkryty musik, sprzedający "
                                         "zapisuje 120, 240, …"),
        "allow_writeoff": ("Bomba", "Grający może rzucić bombę (poddać rozdanie) zamiast "
                                    "grać"),
        "writeoff_penalty": ("Koszt bomby", "Co płaci ten, kto rzuca bombę"),
        "writeoff_gain": ("Przeciwnikom za bombę", "Co dostaje każdy przeciwnik za bombę"),
        "writeoff_ace_points": ("Punkty za asa", "Bomba według asów: ile daje każdy as w "
                                                 "ręce przeciwnika"),
        "writeoff_limit": ("Bomb na partię", "Ile razy w partii każdy może rzucić bombę"),
        "writeoff_third_penalty": ("Kara za trzecią bombę",
                                   "Trzecia bomba w partii kosztuje jeszcze tyle"),
        "writeoff_on_barrel": ("Bomba przy beczce", "Czy wolno rzucić bombę, gdy ktoś jest "
                                                    "na beczce"),
        "writeoff_in_golden_horse": ("Bomba na złotym koniu",
                                     "Czy wolno rzucić bombę w rozdaniach złotego konia"),
        "writeoff_next_dealer": ("Rozdający po bombie", "Po bombie rozdaje następny albo "
                                                        "ten sam rozdający"),
        "allow_strikeout": ("Skreślenie", "Grający może skreślić rozdanie: nikt nie zapisuje "
                                          "punktów, przeciwnikom kreska"),
        # §6 play
        "must_beat": ("Obowiązek przebicia", "Dokładając do koloru, trzeba przebić "
                                             "najwyższą kartę tego koloru w lewie, jeśli się "
                                             "da"),
        "marriage_on_first_trick": ("Meldunek w pierwszej lewie",
                                    "Grający może zameldować pierwszym wyjściem"),
        "declarer_names_trump": ("Grający wybiera atut", "501: grający wybiera atut po "
                                                         "musiku; meldunki go nie zmieniają"),
        "marriage_keep_trump": ("Meldunek w kolorze", "Można zameldować bez zmiany atutu: "
                                                      "punkty się liczą, atut zostaje"),
        "marriage_auto": ("Meldunki automatycznie", "Wyjście kartą meldunku zawsze go "
                                                    "zgłasza"),
        "ace_marriage_rule": ("Zasada meldunku asów", "Zwykła albo ścisła: dowolne wyjście, "
                                                      "asy po kolei, potem bez wyjścia w "
                                                      "atut"),
        "marriage_declarer_only": ("Meldunki tylko dla grającego",
                                   "Punkty za meldunki dostaje tylko grający"),
        # §7 scoring
        "rounding": ("Zaokrąglanie", "Jak zaokrągla się punkty przeciwników"),
        "round_declarer": ("Zaokrąglać grającego", "Punkty grającego zaokrągla się przed "
                                                   "porównaniem z deklaracją"),
        "bolt_when": ("Kreska za", "Komu kreska: bez lewy, bez punktów, z zerem albo nigdy"),
        "bolt_consecutive": ("Kreski z rzędu", "Do kary prowadzą tylko kreski z rzędu"),
        "bolt_limit": ("Kresek do kary", "Każde tyle kresek kosztuje karę"),
        "bolt_penalty": ("Kara za kreski", "Koszt bolt_limit kresek"),
        # §8 the barrel
        "barrel": ("Beczka", "Kto dojdzie do barrel_at, siedzi na beczce, dopóki nie ugra "
                             "deklaracji"),
        "barrel_at": ("Beczka od", "Wynik beczki"),
        "barrel_bidding": ("Licytacja z beczki", "Tak: licytacja trwa, gracz na beczce "
                                                 "licytuje C; nie: od razu gra C"),
        "barrel_fall_penalty": ("Spadek z beczki", "Ile kosztuje spadek z beczki"),
        "barrel_falls_to_zero": ("Trzeci spadek do zera", "Trzeci spadek z beczki zeruje "
                                                          "wynik"),
        "barrel_fall_score": ("Po trzech próbach", "Spadek po trzech próbach: kara albo "
                                                   "zero"),
        "barrel_no_marriages": ("Bez meldunków na beczce",
                                "Graczowi na beczce meldunki nie dają punktów"),
        "barrel_mode": ("Rodzaj beczki", "Beczka: ugrać deklarację beczki albo w trzech "
                                         "rozdaniach zebrać punkty do celu"),
        "barrel_after_reset": ("Beczka po zerowaniu", "Po zerowaniu trzecim spadkiem: beczka "
                                                      "znowu albo już nigdy dla niego"),
        "barrel_attempts": ("Próby na beczce", "Które rozdania na beczce liczą się jako "
                                               "próby"),
        "barrel_opponents_idle": ("Przeciwnicy stoją", "Gracz na beczce gra deklarację "
                                                       "beczki: przeciwnicy nic nie "
                                                       "zapisują"),
        "barrel_raise_fail": ("Przegrana ponad beczkę", "Przegrana deklaracja wyższa niż C "
                                                        "na beczce: spadek albo kara "
                                                        "wysokości deklaracji"),
        "dump_truck": ("Wywrotka", "Wynik równo 555 albo −555 się zeruje"),
        "golden_horse": ("Złoty koń", "Punkty trzech pierwszych rozdań liczą się podwójnie"),
        "golden_horse_120": ("Złoty koń na 120", "Bez licytacji: gracz na setce gra 120; "
                                                 "jeśli nikt nie ugra, wyniki liczy się od "
                                                 "nowa"),
        "defender_cap_800": ("Po 800 tylko z gry", "Powyżej 800 punkty liczą się tylko za "
                                                   "własną deklarację"),
        # §9 four players
        "dealer_scores_talon": ("Rozdającemu meldunek z musiku",
                                "We czterech: rozdający dostaje meldunek leżący w musiku"),
    },
    choices={
        "redeal_when": {"before_bidding": "przed licytacją", "after_pass": "po oddaniu kart",
                        "both": "przed i po"},
        "cut_by": {"left": "z lewej rozdającego", "right": "z prawej rozdającego"},
        "forced_bidder": {"left_of_dealer": "z lewej rozdającego", "dealer": "rozdający"},
        "blind_bidders": {"forced": "tylko na setce", "any": "każdy, kto nie oglądał kart"},
        "blind_doubles": {"declarer": "grającego", "all": "wszystkich"},
        "writeoff_penalty": {"contract": "deklaracja", "bolt": "kreska", "none": "nic",
                             "half": "połowa licytacji"},
        "writeoff_gain": {"half_contract": "połowa deklaracji", "fixed_60": "60",
                          "aces": "według asów"},
        "writeoff_on_barrel": {"forbidden": "nie wolno", "allowed": "wolno"},
        "writeoff_in_golden_horse": {"allowed": "wolno", "forbidden": "nie wolno"},
        "writeoff_next_dealer": {"next": "następny", "same": "ten sam"},
        "ace_marriage_rule": {"plain": "zwykła", "strict": "ścisła"},
        "rounding": {"nearest_5": "do 5", "none": "bez zaokrąglania"},
        "bolt_when": {"no_trick": "bez lewy", "no_points": "bez punktów",
                      "zero_score": "zero po zaokrągleniu", "never": "nigdy"},
        "barrel_fall_score": {"penalty": "kara", "zero": "do zera"},
        "barrel_mode": {"contract": "deklaracja beczki", "accumulate": "zbieranie punktów"},
        "barrel_after_reset": {"again": "znowu", "never": "nigdy"},
        "barrel_attempts": {"every_deal": "każde rozdanie", "as_declarer": "tylko jako "
                                                                          "grający"},
        "barrel_raise_fail": {"fall": "spadek", "contract": "deklaracja"},
    },
)
