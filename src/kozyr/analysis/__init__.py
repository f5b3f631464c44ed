"""Post-mortem analysis of game records: ``kozyr analyse``, the replay page's Analysis view.

:func:`analyse_record` (:mod:`kozyr.analysis.deal`) gives, per finished deal, the
double-dummy value before and after each trick and each seat's costly decisions; the JSON
shape is docs/analysis.md.  :mod:`kozyr.analysis.report` prints it (Rich) for the CLI.
"""

from kozyr.analysis.deal import ANALYSIS_FORMAT, AnalysisError, analyse_record, count_cards

__all__ = ["ANALYSIS_FORMAT", "AnalysisError", "analyse_record", "count_cards"]
