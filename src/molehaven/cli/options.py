"""Values of repeatable options: ``--option name=value`` pairs, typed by the game's option
specs, and ``--agent`` names."""

from __future__ import annotations

from molehaven.cli.errors import CliError
from molehaven.core import OptionsError, OptionSpec
from molehaven.core.options import OptionValue
from molehaven.games import REGISTRY
from molehaven.sim.driver import check_budget


def _refusal(spec: OptionSpec, text: str) -> OptionsError:
    # The same words as the engine's own check (OptionSpec.check), whichever refuses first.
    return OptionsError(f"option {spec.name!r} must be {spec.requirement()}, got {text!r}")


def _convert(spec: OptionSpec, text: str) -> OptionValue:
    if spec.type is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise _refusal(spec, text)
    if spec.type is int:
        try:
            return int(text)
        except ValueError:
            raise _refusal(spec, text) from None
    if spec.type is float:
        try:
            return float(text)
        except ValueError:
            raise _refusal(spec, text) from None
    return text


def parse_option_pairs(specs: tuple[OptionSpec, ...], pairs: list[str]) -> dict[str, OptionValue]:
    """Parse ``name=value`` texts into typed option values (validated later by ``make``).

    Raises:
        OptionsError: a pair without ``=``, an unknown name, a name given twice or a value of
            the wrong type.
    """
    by_name = {spec.name: spec for spec in specs}
    options: dict[str, OptionValue] = {}
    texts: dict[str, str] = {}  # each option's value as written, to name a repeated one
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        value = value.strip()
        if not sep:
            raise OptionsError(f"write options as name=value, got {pair!r}")
        if name not in by_name:
            raise OptionsError(f"unknown option {name!r}; valid: {', '.join(by_name) or 'none'}")
        if name in texts:
            # Keeping the last value silently would run (or compare) a variant other than the
            # one the designer believes they asked for.
            raise OptionsError(
                f"option {name!r} given twice ({texts[name]}, then {value}); give it once"
            )
        texts[name] = value
        options[name] = _convert(by_name[name], value)
    return options


def agent_names(values: list[str]) -> list[str]:
    """``--agent`` names in the order given, whether comma-separated (``-a mcts,random``),
    repeated (``-a mcts -a random``) or both: ``simulate``, ``lab`` and ``arena`` read them
    alike, and a repeat adds to the list instead of replacing the one before."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def check_budget_option(budget: float | None) -> None:
    """``--budget`` of simulate, the lab and the arena: a positive number of seconds.

    Raises:
        CliError: naming the option as it is typed (``--budget``), with the value given.
    """
    try:
        check_budget(budget)
    except ValueError as error:
        raise CliError(f"--{error}") from None


def option_text(value: OptionValue) -> str:
    """An option value as it is typed on the command line (``false``, not Python's ``False``),
    so a variant can be copied from the report into the next run."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def options_line(slug: str, options: dict[str, OptionValue]) -> str | None:
    """``options: hand_limit=3, prize_value=highest`` (those of ``options`` that differ from
    game ``slug``'s defaults) for a run's figures, or ``None`` with the defaults: a table
    pasted elsewhere should still say which rules it measured."""
    defaults = {spec.name: spec.default for spec in REGISTRY.game_class(slug).option_specs()}
    changed = [(name, value) for name, value in options.items() if defaults.get(name) != value]
    if not changed:
        return None
    return "options: " + ", ".join(f"{name}={option_text(value)}" for name, value in changed)
