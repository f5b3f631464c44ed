"""Thousand's search player: PIMC over the double-dummy solver (:mod:`kozyr.bots.thousand.pimc`).

The heuristic is :mod:`kozyr.bots.heuristic.thousand`, the solver :mod:`kozyr.bots.solver`.
"""
