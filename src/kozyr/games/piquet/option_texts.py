"""Piquet's rule options in English, Russian and Arabic (see :mod:`kozyr.core.option_texts`).

Each option: its English label, then (label, one-line explanation) in Russian and in Arabic;
the English explanation is the option's ``doc`` in rules.py.  Groups as ``PiquetRules.GROUPS``
(the sections of rules/piquet.md that name an option).
"""

from __future__ import annotations

from kozyr.core.option_texts import OptionTexts

TEXTS = OptionTexts(
    groups={
        "exchange": ("The exchange", "Прикуп", "التبديل"),
        "declarations": ("Declarations", "Объявления", "الإعلانات"),
        "play": ("Play", "Розыгрыш", "اللعب"),
        "partie": ("The partie", "Партия", "الجولة"),
        "other": ("Other options", "Прочее", "خيارات أخرى"),
    },
    options={
        "rubicon": ("Rubicon", ("Рубикон", "Порог проигравшего и премия победителю"),
                    ("الروبيكون", "عتبة الخاسر ومكافأة الفائز")),
        "four_deal_partie": ("Four-deal partie",
                             ("Партия из четырёх сдач", "Четыре сдачи, первая и последняя "
                              "считаются вдвойне"),
                             ("جولة من أربعة توزيعات", "أربعة توزيعات، الأول والأخير "
                              "يُحسبان مضاعفين")),
        "younger_must_exchange": ("Younger must exchange",
                                  ("Младшая рука меняет", "Младшая рука обязана взять хотя "
                                   "бы одну карту"),
                                  ("اليد الصغرى تبدّل", "على اليد الصغرى أن تأخذ ورقة "
                                   "واحدة على الأقل")),
        "russian_exchange": ("Russian exchange",
                             ("Русский прикуп", "Каждый меняет либо ничего, либо от 3 до 5 "
                              "карт"),
                             ("التبديل الروسي", "كل لاعب يبدّل لا شيء أو من 3 إلى 5 "
                              "أوراق")),
        "left_cards": ("Left cards",
                       ("Оставшиеся карты", "Кто видит карты, оставшиеся в прикупе"),
                       ("الأوراق المتبقية", "من يرى الأوراق المتبقية في الرصيد")),
        "sinking": ("Sinking", ("Умолчание", "Игрок может промолчать о категории"),
                    ("الكتمان", "يجوز للاعب أن يسكت عن فئة")),
        "low_cards_count": ("Low cards count",
                            ("Младшие карты считаются", "Девятка, восьмёрка и семёрка дают "
                             "очко при ходе и взятке"),
                            ("الأوراق الصغيرة تُحسب", "التسعة والثمانية والسبعة تُحسب عند "
                             "اللعب والأخذ")),
        "last_trick": ("Last trick", ("Последняя взятка", "Очки за последнюю взятку"),
                       ("الأكلة الأخيرة", "نقاط الأكلة الأخيرة")),
        "target": ("Target", ("До скольки", "Пикет до ста: счёт, который выигрывает игру"),
                   ("الهدف", "بيكيه المئة: النقاط التي تربح اللعبة")),
        "double_game": ("Double game",
                        ("Двойная игра", "Дойти до цели, пока у соперника меньше 50: "
                         "двойной выигрыш"),
                        ("لعبة مضاعفة", "بلوغ الهدف قبل أن يبلغ الخصم 50 يربح لعبة "
                         "مضاعفة")),
    },
    choices={
        "left_cards": {"shown": ("shown", "видны", "مكشوفة"),
                       "hidden": ("hidden", "скрыты", "مخفية")},
    },
)
