"""Bezique's rule options in English, Russian and Arabic (see :mod:`kozyr.core.option_texts`).

Each option: its English label, then (label, one-line explanation) in Russian and in Arabic;
the English explanation is the option's ``doc`` in rules.py.  Groups as ``BeziqueRules.GROUPS``.
"""

from __future__ import annotations

from kozyr.core.option_texts import OptionTexts

TEXTS = OptionTexts(
    choices={
        "next_dealer": {"alternate": ("in turn", "по очереди", "بالتناوب"),
                        "trick_winner": ("the last trick's winner", "взявший последнюю",
                                         "الفائز باللمّة الأخيرة")},
        "dix": {"declare": ("exchange or show", "обмен или показ", "التبديل أو الإظهار"),
                "play": ("exchange or play", "обмен или ход", "التبديل أو اللعب")},
        "bezique_pair": {"QS_JD": ("Q♠ J♦", "дама ♠ и валет ♦", "بنت ♠ وشب ♦"),
                         "by_trump": ("by trump", "по козырю", "حسب الحَكَم")},
        "last_trick": {32: ("trick 32", "32-я взятка", "اللمّة 32"),
                       24: ("trick 24", "24-я взятка", "اللمّة 24")},
    },
    groups={
        "deal": ("Deal", "Сдача", "التوزيع"),
        "combinations": ("Combinations", "Комбинации", "التشكيلات"),
        "play": ("Play", "Розыгрыш", "اللعب"),
        "scoring": ("Scoring", "Счёт", "الحساب"),
        "other": ("Other options", "Прочее", "خيارات أخرى"),
    },
    options={
        "target": ("Target", ("До скольки", "Счёт, который выигрывает партию (проверяется в "
                              "конце раздачи)"),
                   ("الهدف", "النقاط التي تربح المباراة (تُفحص في نهاية التوزيع)")),
        "next_dealer": ("Next dealer", ("Следующий сдающий", "По очереди или взявший "
                                        "последнюю взятку"),
                        ("الموزع التالي", "بالتناوب أو الفائز بآخر لمّة")),
        "dix": ("Seven of trumps", ("Семёрка козырей", "Очки за обмен и показ семёрки или за "
                                    "обмен и ход семёркой"),
                ("سبعة الحَكَم", "نقاط التبديل والإظهار أو التبديل واللعب")),
        "seven_is_meld": ("Seven is a meld", ("Семёрка как комбинация", "Обмен или показ "
                                              "семёрки заменяет объявление за взятку"),
                          ("السبعة تشكيلة", "التبديل أو الإظهار هو إعلان اللمّة الوحيد")),
        "last_trick": ("Last trick", ("Последняя взятка", "10 очков за 32-ю или за 24-ю "
                                      "взятку"),
                       ("اللمّة الأخيرة", "عشر نقاط للّمّة 32 أو 24")),
        "bezique_pair": ("Bezique pair", ("Пара безик", "Всегда дама пик и валет бубен, или "
                                          "по козырю"),
                         ("زوج البيزيك", "دائمًا بنت البستوني وشب الديناري، أو حسب الحَكَم")),
    },
)
