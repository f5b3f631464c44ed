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
    bed_marriage: bool = option(False, "Q+J of a suit is a bed marriage worth half the K+Q "
                                "marriage", words="bed marriages")
    four_nines: int | None = option(None, "Four nines, declared by leading a nine, are worth this",
                                    (None, 200, 360), words="four nines {}")
    # §3 the deal
    redeal: bool = option(True, "A poor hand (four nines, or under redeal_below points) may ask "
                          "for a redeal", words="redeal on a poor hand")
    redeal_below: int = option(14, "A hand worth fewer card points than this may ask for a redeal",
                               minimum=0, maximum=120)
    redeal_when: str = option("before_bidding", "When a redeal may be asked for",
                              ("before_bidding", "after_pass", "both"), words="redeal asked {}")
    redeal_nines_jacks: bool = option(False, "Three or four nines, or four jacks, may also ask for "
                                      "a redeal", words="redeal on three nines or four jacks")
    cut_ritual: bool = option(False, "The cut: a nine at the bottom is shown and cut again; three "
                              "nines cost the cutter 120; a jack makes the dealer cut",
                              words="cut ritual")
    cut_by: str = option("left", "Cut ritual: who cuts, the dealer's left or right neighbour",
                         ("left", "right"), words="cut from the {}")
    cut_penalty: int = option(120, "Cut ritual: what three nines in a row cost the cutter",
                              minimum=0, maximum=1000, words="cut penalty {}")
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
    blind_bidders: str = option("forced", "Who may bid blind: the forced bidder only, or any "
                                "player who has not looked", ("forced", "any"),
                                words="blind for the {}")
    blind_doubles: str = option("declarer", "A standing blind doubles the declarer's score, or "
                                "everybody's", ("declarer", "all"), words="blind doubles {}")
    blind_marriages_doubled: bool = option(True, "A standing blind doubles declarations too",
                                           words=None)
    blind_min_score: int | None = option(None, "Only a player with at least this total may bid "
                                         "blind (off: anyone)", minimum=-10000, maximum=10000,
                                         words="blind from {} points")
    # §5 talon, contract, write-off
    hide_talon_on_forced_100: bool = option(False, "The talon is not shown when the forced 100 "
                                            "stands", words="talon hidden on a forced 100")
    redeal_poor_talon: bool = option(False, "A declarer at the forced 100 with a talon under 5 "
                                     "points may demand a redeal", words="redeal on a poor talon")
    redeal_bad_talon: bool = option(False, "The declarer may demand a redeal for a talon under 5 "
                                    "points, with two nines or three jacks",
                                    words="redeal on a bad talon")
    talon_buying: bool = option(False, "An opponent may buy the shown talon from the declarer, "
                                "crediting him 120, 240, ...", words="talon buying")
    allow_writeoff: bool = option(True, "The declarer may write off (concede) instead of playing",
                                  words="write-off allowed")
    writeoff_penalty: str = option("contract", "What the declarer pays for a write-off",
                                   ("contract", "bolt", "none", "half"),
                                   words="write-off costs: {}")
    writeoff_gain: str = option("half_contract", "What each opponent gains from a write-off",
                                ("half_contract", "fixed_60", "aces"), words="opponents gain {}")
    writeoff_ace_points: int = option(10, "Write-off by aces: what each ace in an opponent's "
                                      "hand gains him", minimum=0, maximum=1000)
    writeoff_limit: int = option(3, "Write-offs per player per match", minimum=0, maximum=100,
                                 words="{} write-offs each")
    writeoff_third_penalty: int = option(0, "A player's third write-off costs him this much more",
                                         minimum=0, maximum=1000, words="third write-off -{}")
    writeoff_on_barrel: str = option("forbidden", "Write-offs while a player is on the barrel",
                                     ("forbidden", "allowed"), words="write-off on the barrel {}")
    writeoff_in_golden_horse: str = option("allowed", "Write-offs in a golden-horse deal",
                                           ("allowed", "forbidden"),
                                           words="write-off in the golden horse {}")
    writeoff_next_dealer: str = option("next", "After a write-off the deal passes on, or the same "
                                       "dealer deals again", ("next", "same"),
                                       words="after a write-off: {} dealer")
    allow_strikeout: bool = option(False, "The declarer may strike the deal out: nobody scores, "
                                   "the opponents get a dash", words="strike-out allowed")
    # §6 play
    must_beat: bool = option(False, "A player following suit must beat the trick's best card of "
                             "that suit if he can", words="must beat")
    marriage_on_first_trick: bool = option(False, "The declarer may declare a marriage on his "
                                           "first lead", words="marriage on the first trick")
    declarer_names_trump: bool = option(False, "501: the declarer names a fixed trump after the "
                                        "talon; marriages never change it",
                                        words="declarer names trump")
    marriage_keep_trump: bool = option(False, "A marriage may be declared 'in suit': it scores "
                                       "and the trump stays", words="marriage in suit")
    marriage_auto: bool = option(False, "Leading a card of a held marriage always declares it",
                                 words="automatic marriages")
    ace_marriage_rule: str = option("plain", "Ace marriage: plain, or strict (any lead, aces in a "
                                    "row, no trump leads after)", ("plain", "strict"),
                                    words="ace marriage {}")
    marriage_declarer_only: bool = option(False, "Only the declarer's declarations score",
                                          words="marriages for the declarer only")
    # §7 scoring
    rounding: str = option("nearest_5", "How opponents' points are rounded", ("nearest_5", "none"),
                           words="rounding {}")
    round_declarer: bool = option(False, "The declarer's points are rounded before they meet his "
                                  "contract", words="declarer rounded")
    bolt_when: str = option("no_trick", "Who gets a bolt: no trick, no points, a zero score, or "
                            "never", ("no_trick", "no_points", "zero_score", "never"),
                            words="bolt for {}")
    bolt_consecutive: bool = option(False, "Only bolts in a row count toward the penalty",
                                    words="bolts in a row")
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
    barrel_fall_score: str = option("penalty", "Falling after three attempts costs the penalty, "
                                    "or resets to zero", ("penalty", "zero"),
                                    words="barrel fall: {}")
    barrel_no_marriages: bool = option(False, "Declarations score nothing for a player on the "
                                       "barrel", words="no marriages on the barrel")
    barrel_mode: str = option("contract", "The barrel: play the barrel contract, or gather points "
                              "to the target in three deals", ("contract", "accumulate"),
                              words="barrel mode {}")
    barrel_after_reset: str = option("again", "After the third fall's reset: the barrel again, or "
                                     "never for him", ("again", "never"),
                                     words="barrel after a reset: {}")
    barrel_attempts: str = option("every_deal", "Which deals on the barrel are attempts",
                                  ("every_deal", "as_declarer"), words="barrel attempts: {}")
    barrel_opponents_idle: bool = option(False, "A barrel declarer at the barrel contract: the "
                                         "opponents score nothing", words="idle opponents")
    barrel_raise_fail: str = option("fall", "A failed barrel contract above C costs the fall, or "
                                    "the contract", ("fall", "contract"),
                                    words="raised barrel fails: {}")
    dump_truck: bool = option(False, "A score of exactly 555 or -555 becomes 0",
                              words="dump truck at 555")
    golden_horse: bool = option(False, "Scores of the first 3 deals are doubled",
                                words="golden horse")
    golden_horse_120: bool = option(False, "Golden horse: no auction, the forced bidder plays 120; "
                                    "if nobody makes it the scores start again",
                                    words="golden horse at 120")
    defender_cap_800: bool = option(False, "Above 800 a player scores only as declarer",
                                    words="above 800 only as declarer")
    dealer_scores_talon: bool = option(False, "Four players: the dealer scores a marriage in the "
                                       "talon", words="sitting-out dealer scores the talon")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "online": {"target": 1001, "barrel_bidding": True, "redeal": True,
                   "redeal_when": "after_pass", "dump_truck": True, "allow_writeoff": True,
                   "golden_horse": False, "max_bid": 300, "barrel_opponents_idle": True,
                   "barrel_raise_fail": "contract", "barrel_attempts": "as_declarer"},
        "tysiac": {"bid_step": 10, "defender_cap_800": True, "target": 1001, "must_beat": True,
                   "rounding": "none", "barrel": False, "bolt_when": "never",
                   "allow_writeoff": False, "redeal": False, "marriage_auto": True,
                   "max_bid": 400},
        "two_players": {"players": 2, "barrel": False},
        "four_players": {"players": 4},
        "501": {"target": 501, "declarer_names_trump": True, "barrel": False,
                "marriage_values": {"C": 20, "D": 40, "S": 60, "H": 80}},
    }

    #: Record format 1's bundles of the presets that format 2 changed (rules/thousand.md §11.10).
    LEGACY_PRESETS: ClassVar[dict[int, dict[str, dict[str, Any]]]] = {1: {
        "online": {"target": 1001, "barrel_bidding": True, "redeal": True,
                   "redeal_when": "after_pass", "dump_truck": True, "allow_writeoff": True,
                   "golden_horse": False, "max_bid": 300},
        "tysiac": {"bid_step": 10, "defender_cap_800": True, "target": 1001, "must_beat": True},
    }}

    #: The options grouped as on rules/thousand.md (the create-table form and the rule summary).
    GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("match", ("players", "target", "stake")),
        ("cards", ("marriage_values", "ace_marriage", "bed_marriage", "four_nines")),
        ("deal", ("redeal", "redeal_below", "redeal_when", "redeal_nines_jacks", "cut_ritual",
                  "cut_by", "cut_penalty", "no_shuffle")),
        ("bidding", ("forced_bidder", "bid_step", "max_bid", "trading_in_red", "blind_bid",
                     "blind_bidders", "blind_doubles", "blind_marriages_doubled",
                     "blind_min_score")),
        ("talon", ("hide_talon_on_forced_100", "redeal_poor_talon", "redeal_bad_talon",
                   "talon_buying", "allow_writeoff", "writeoff_penalty", "writeoff_gain",
                   "writeoff_ace_points", "writeoff_limit", "writeoff_third_penalty",
                   "writeoff_on_barrel", "writeoff_in_golden_horse", "writeoff_next_dealer",
                   "allow_strikeout")),
        ("play", ("must_beat", "marriage_on_first_trick", "declarer_names_trump",
                  "marriage_keep_trump", "marriage_auto", "ace_marriage_rule",
                  "marriage_declarer_only")),
        ("scoring", ("rounding", "round_declarer", "bolt_when", "bolt_consecutive", "bolt_limit",
                     "bolt_penalty", "dump_truck", "golden_horse", "golden_horse_120",
                     "defender_cap_800")),
        ("barrel", ("barrel", "barrel_at", "barrel_bidding", "barrel_fall_penalty",
                    "barrel_falls_to_zero", "barrel_fall_score", "barrel_no_marriages",
                    "barrel_mode", "barrel_after_reset", "barrel_attempts",
                    "barrel_opponents_idle", "barrel_raise_fail")),
        ("four", ("dealer_scores_talon",)),
    )

    BUNDLES: ClassVar[dict[str, dict[str, Any]]] = {
        "declarations": {"preset": "classic", "bed_marriage": True, "four_nines": 200,
                         "marriage_keep_trump": True, "ace_marriage": True,
                         "ace_marriage_rule": "strict", "marriage_declarer_only": True},
        "tysiac_declarations": {"preset": "tysiac", "bed_marriage": True, "four_nines": 360,
                                "ace_marriage": True},
        "auction": {"preset": "classic", "blind_bid": True, "blind_bidders": "any",
                    "blind_doubles": "all", "blind_marriages_doubled": False,
                    "talon_buying": True, "redeal_when": "both", "redeal_nines_jacks": True,
                    "redeal_bad_talon": True, "golden_horse": True, "golden_horse_120": True},
        "writeoffs": {"preset": "classic", "allow_strikeout": True, "writeoff_penalty": "half",
                      "writeoff_gain": "aces", "writeoff_third_penalty": 120,
                      "writeoff_in_golden_horse": "forbidden", "writeoff_next_dealer": "same",
                      "golden_horse": True, "bolt_consecutive": True, "bolt_when": "zero_score",
                      "round_declarer": True, "cut_ritual": True, "cut_by": "right",
                      "no_shuffle": True, "blind_bid": True, "blind_min_score": 0},
        "barrel_accumulate": {"preset": "classic", "target": 400, "barrel_at": 280,
                              "barrel_mode": "accumulate", "barrel_no_marriages": True,
                              "barrel_falls_to_zero": True, "barrel_after_reset": "never",
                              "barrel_fall_score": "zero", "writeoff_on_barrel": "allowed",
                              "allow_strikeout": True},
        "barrel_online": {"preset": "online", "target": 401, "barrel_at": 280,
                          "writeoff_on_barrel": "allowed", "allow_strikeout": True,
                          "bolt_when": "no_points", "golden_horse": True,
                          "golden_horse_120": True},
        "four_players": {"preset": "four_players", "talon_buying": True, "blind_bid": True,
                         "blind_bidders": "any", "dealer_scores_talon": True,
                         "bed_marriage": True, "four_nines": 200, "allow_strikeout": True,
                         "marriage_auto": True},
        "two_players": {"preset": "two_players", "blind_bid": True, "blind_bidders": "any",
                        "bed_marriage": True, "four_nines": 200, "allow_strikeout": True,
                        "barrel": True, "target": 400, "barrel_at": 280,
                        "redeal_when": "both", "redeal_bad_talon": True},
    }

    QUIET_DEFAULTS: ClassVar[frozenset[str]] = frozenset({
        "bed_marriage", "four_nines", "redeal_nines_jacks", "cut_by", "cut_penalty",
        "blind_bidders", "blind_doubles", "blind_marriages_doubled", "blind_min_score",
        "redeal_bad_talon", "talon_buying", "writeoff_ace_points", "writeoff_third_penalty",
        "writeoff_on_barrel", "writeoff_in_golden_horse", "writeoff_next_dealer",
        "allow_strikeout", "marriage_keep_trump", "marriage_auto", "ace_marriage_rule",
        "marriage_declarer_only", "round_declarer", "bolt_when", "bolt_consecutive",
        "golden_horse_120", "barrel_fall_score", "barrel_no_marriages", "barrel_mode",
        "barrel_after_reset", "barrel_attempts", "barrel_opponents_idle", "barrel_raise_fail"})

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
        if self.bolt_when == "never" and self.writeoff_penalty == "bolt":
            raise RulesError("thousand: bolt_when = never cannot go with writeoff_penalty = bolt "
                             "(the write-off would cost nothing); choose another writeoff_penalty")
        if self.talon_buying and self.players == 2:
            raise RulesError("thousand: talon_buying needs three or four players, not players = 2 "
                             "(two players take one of two piles)")
        if self.max_bid % self.bid_step:
            raise RulesError(f"thousand: max_bid {self.max_bid} is not a multiple of bid_step "
                             f"{self.bid_step}")
