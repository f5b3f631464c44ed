"""Tertz's rule options in English, Russian and Arabic (see :mod:`kozyr.core.option_texts`).

Each option: its English label, then (label, one-line explanation) in Russian and in Arabic;
the English explanation is the option's ``doc`` in rules.py.  Groups as ``TertzRules.GROUPS``
(the sections of rules/tertz.md that name an option).
"""

from __future__ import annotations

from kozyr.core.option_texts import OptionTexts

TEXTS = OptionTexts(
    groups={
        "play": ("Play", "Розыгрыш", "اللعب"),
        "scoring": ("Scoring", "Счёт", "الحساب"),
        "other": ("Other options", "Прочее", "خيارات أخرى"),
    },
    options={
        "free_trump_jack": ("Free trump jack",
                            ("Свободный валет", "Валет козырей можно сыграть всегда, и его не "
                             "вынуждают"),
                            ("شب الحَكَم الحر", "يمكن لعب شب الحَكَم دائمًا ولا يُجبر على "
                             "لعبه")),
        "target": ("Target", ("До скольки", "Счёт, который выигрывает партию (проверяется в "
                              "конце раздачи)"),
                   ("الهدف", "النقاط التي تربح المباراة (تُفحص في نهاية التوزيع)")),
    },
)
