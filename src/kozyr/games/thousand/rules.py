"""Thousand's rule set: every named option of rules/thousand.md with its default, and the presets.

>>> r = ThousandRules.from_preset("online")
>>> (r.target, r.barrel_contract, r.redeal_when)
(1001, 121, 'after_pass')
>>> ThousandRules.from_preset("classic").barrel_contract
120
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kozyr.core.errors import RulesError
from kozyr.core.rules import RuleSet, option

DEFAULT_MARRIAGES = {"H": 100, "D": 80, "C": 60, "S": 40}


@dataclass(frozen=True)
class ThousandRules(RuleSet):
    """The conventions of one Thousand table.  Field names follow rules/thousand.md."""

    GAME: ClassVar[str] = "thousand"
    DEFAULT_PRESET: ClassVar[str] = "classic"

    # §2 the match
    players: int = option(3, "Number of players (4: the dealer sits out each deal)", (2, 3, 4),
                          words="{} players")
    target: int = option(1000, "Score that wins the match", minimum=100, maximum=10000,
                         words="game to {}")
    stake: int = option(1, "Settlement: each loser pays (winner - loser) x stake",
                        minimum=0, maximum=1000)
    # §1 cards
    marriage_values: Any = option(DEFAULT_MARRIAGES, "Value of the K+Q marriage of each suit",
                                  words="marriages {}")
    ace_marriage: bool = option(False, "Four aces are a marriage worth 200",
                                words="four aces 200")
    # §3 the deal
    redeal: bool = option(True, "A poor hand (four nines, or under redeal_below points) may ask "
                          "for a redeal", words="redeal on a poor hand")
    redeal_below: int = option(14, "A hand worth fewer card points than this may ask for a redeal",
                               minimum=0, maximum=120)
    redeal_when: str = option("before_bidding", "When a redeal may be asked for",
                              ("before_bidding", "after_pass"), words="redeal asked {}")
    cut_ritual: bool = option(False, "The cut: a nine at the bottom is shown and cut again; three "
                              "nines cost the cutter 120; a jack makes the dealer cut",
                              words="cut ritual")
    no_shuffle: bool = option(False, "The deck is shuffled once per match, then only cut",
                              words="no shuffling")
    # §4 bidding
    forced_bidder: str = option("left_of_dealer", "Who opens with the forced 100",
                                ("left_of_dealer", "dealer"), words="forced 100: {}")
    bid_step: int = option(5, "Bids and contracts go up in steps of", (5, 10),
                           words="bid step {}")
    max_bid: int = option(300, "No bid or contract above this", minimum=120, maximum=1000,
                          words="bids up to {}")
    trading_in_red: int | None = option(None, "A player whose score is below this passes "
                                        "automatically (off: everyone may bid)",
                                        (None, 0, -100, -120, -200, -300, -1000),
                                        words="no bidding below {}")
    blind_bid: bool = option(False, "The forced bidder may bid 120 blind; if it stands the deal "
                             "counts double", words="blind 120")
    # §5 talon, contract, write-off
    hide_talon_on_forced_100: bool = option(False, "The talon is not shown when the forced 100 "
                                            "stands", words="talon hidden on a forced 100")
    redeal_poor_talon: bool = option(False, "A declarer at the forced 100 with a talon under 5 "
                                     "points may demand a redeal", words="redeal on a poor talon")
    allow_writeoff: bool = option(True, "The declarer may write off (concede) instead of playing",
                                  words="write-off allowed")
    writeoff_penalty: str = option("contract", "What the declarer pays for a write-off",
                                   ("contract", "bolt"), words="write-off costs the {}")
    writeoff_gain: str = option("half_contract", "What each opponent gains from a write-off",
                                ("half_contract", "fixed_60"), words="opponents gain {}")
    writeoff_limit: int = option(3, "Write-offs per player per match", minimum=0, maximum=100,
                                 words="{} write-offs each")
    # §6 play
    must_beat: bool = option(False, "A player following suit must beat the trick's best card of "
                             "that suit if he can", words="must beat")
    marriage_on_first_trick: bool = option(False, "The declarer may declare a marriage on his "
                                           "first lead", words="marriage on the first trick")
    declarer_names_trump: bool = option(False, "501: the declarer names a fixed trump after the "
                                        "talon; marriages never change it",
                                        words="declarer names trump")
    # §7 scoring
    rounding: str = option("nearest_5", "How opponents' points are rounded", ("nearest_5", "none"),
                           words="rounding {}")
    bolt_limit: int = option(3, "Every this-many bolts cost bolt_penalty", minimum=1, maximum=100,
                             words="penalty every {} bolts")
    bolt_penalty: int = option(120, "Cost of bolt_limit bolts", minimum=0, maximum=1000,
                               words="bolt penalty {}")
    barrel: bool = option(True, "The barrel: a player reaching barrel_at sits there until he "
                          "makes a contract", words="barrel")
    barrel_at: int = option(880, "Score of the barrel", minimum=100, maximum=10000,
                            words="barrel at {}")
    barrel_bidding: bool = option(True, "On: bidding goes on with the barrel player bidding C; "
                                  "off: he is declarer at C", words="barrel player bids")
    barrel_fall_penalty: int = option(120, "Cost of falling off the barrel", minimum=0,
                                      maximum=1000, words="barrel fall {}")
    barrel_falls_to_zero: bool = option(False, "The third fall off the barrel resets the score "
                                        "to 0", words="third barrel fall to zero")
    dump_truck: bool = option(False, "A score of exactly 555 or -555 becomes 0",
                              words="dump truck at 555")
    golden_horse: bool = option(False, "Scores of the first 3 deals are doubled",
                                words="golden horse")
    defender_cap_800: bool = option(False, "Above 800 a player scores only as declarer",
                                    words="above 800 only as declarer")
    dealer_scores_talon: bool = option(False, "Four players: the dealer scores a marriage in the "
                                       "talon", words="sitting-out dealer scores the talon")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "online": {"target": 1001, "barrel_bidding": True, "redeal": True,
                   "redeal_when": "after_pass", "dump_truck": True, "allow_writeoff": True,
                   "golden_horse": False, "max_bid": 300},
        "tysiac": {"bid_step": 10, "defender_cap_800": True, "target": 1001, "must_beat": True},
        "two_players": {"players": 2, "barrel": False},
        "four_players": {"players": 4},
        "501": {"target": 501, "declarer_names_trump": True, "barrel": False,
                "marriage_values": {"C": 20, "D": 40, "S": 60, "H": 80}},
    }

    @property
    def barrel_contract(self) -> int:
        """Return C, the barrel contract: max(target - barrel_at, 100)."""
        return max(self.target - self.barrel_at, 100)

    @property
    def marriages(self) -> tuple[int, int, int, int]:
        """Return the marriage values indexed by suit (S, C, D, H)."""
        m = dict(self.marriage_values)
        return (m["S"], m["C"], m["D"], m["H"])

    def validate(self) -> None:
        """Refuse combinations that cannot be played."""
        if self.barrel and self.barrel_at >= self.target:
            raise RulesError(f"thousand: barrel_at ({self.barrel_at}) must be below the target "
                             f"({self.target}); turn the barrel off or lower it")
        if self.max_bid % self.bid_step:
            raise RulesError(f"thousand: max_bid {self.max_bid} is not a multiple of bid_step "
                             f"{self.bid_step}")
