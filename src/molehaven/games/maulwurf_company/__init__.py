"""Die Maulwurf Company (Ravensburger, 1995): rules per ``shared/rules/maulwurf-company.md``."""

from molehaven.games.maulwurf_company.game import MaulwurfCompanyGame

GAME = MaulwurfCompanyGame

__all__ = ["GAME"]
