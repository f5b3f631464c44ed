"""Bezique's rule options in Ukrainian (безик; see :mod:`kozyr.core.option_texts`)."""

from __future__ import annotations

from kozyr.core.option_texts import Translation

TEXTS = Translation(
    groups={"deal": "Здача", "combinations": "Комбінації", "play": "Розіграш",
            "scoring": "Рахунок", "other": "Інше"},
    options={
        "target": ("До скількох", "Рахунок, що виграє партію (перевіряється наприкінці "
                                  "роздачі)"),
        "next_dealer": ("Наступний здавальник", "По черзі або той, хто взяв останню "
                                                "взятку"),
        "dix": ("Козирна сімка", "Очки за обмін і показ сімки або за обмін і хід сімкою"),
        "seven_is_meld": ("Сімка як комбінація", "Обмін або показ сімки замінює оголошення "
                                                 "за взятку"),
        "last_trick": ("Остання взятка", "10 очок за 32-гу або за 24-ту взятку"),
        "bezique_pair": ("Пара безик", "Завжди дама пік і валет бубон, або за козирем"),
    },
    choices={
        "next_dealer": {"alternate": "по черзі", "trick_winner": "хто взяв останню"},
        "dix": {"declare": "обмін або показ", "play": "обмін або хід"},
        "bezique_pair": {"QS_JD": "дама ♠ і валет ♦", "by_trump": "за козирем"},
        "last_trick": {32: "32-га взятка", 24: "24-та взятка"},
    },
)
