"""Game options: frozen dataclasses whose fields declare their type, default and allowed values.

A game declares its options like this::

    @dataclass(frozen=True, slots=True)
    class Options:
        rounds: int = option(2, choices=(1, 2), help="rounds in the match")

and :func:`build_options` turns keyword arguments into a validated instance, raising
:class:`~molehaven.core.errors.OptionsError` with the valid choices on bad input.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from molehaven.core.errors import OptionsError, shown

OptionValue = int | float | bool | str
_SUPPORTED_TYPES: tuple[type, ...] = (bool, int, float, str)


T = TypeVar("T")
V = TypeVar("V", int, float, bool, str)


def option(
    default: V,
    *,
    help: str,
    choices: tuple[OptionValue, ...] | None = None,
    minimum: int | float | None = None,
    maximum: int | float | None = None,
) -> V:
    """Declare one option field: its default, help text and allowed values."""
    meta = {"help": help, "choices": choices, "minimum": minimum, "maximum": maximum}
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What one option accepts, read off its dataclass field."""

    name: str
    type: type
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None
    minimum: int | float | None
    maximum: int | float | None

    def allowed_text(self) -> str:
        """Describe the allowed values in words, e.g. ``1, 2`` or ``an int from 0 to 100``."""
        if self.choices is not None:
            return ", ".join(_format_value(c) for c in self.choices)
        kind = {bool: "true or false", int: "an int", float: "a number", str: "a string"}[self.type]
        if self.type is bool:
            return kind
        if self.minimum is not None and self.maximum is not None:
            return f"{kind} from {_format_value(self.minimum)} to {_format_value(self.maximum)}"
        if self.minimum is not None:
            return f"{kind} of at least {_format_value(self.minimum)}"
        if self.maximum is not None:
            return f"{kind} of at most {_format_value(self.maximum)}"
        return kind

    def requirement(self) -> str:
        """What a value must be, for error messages: ``one of 1, 2`` or ``an int from 0``."""
        if self.choices is not None:
            return f"one of {self.allowed_text()}"
        return self.allowed_text()

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is allowed, else raise OptionsError naming what is."""
        got = shown(value)
        refusal = OptionsError(f"option {self.name!r} must be {self.requirement()}, got {got}")
        if not _is_instance(value, self.type):
            raise refusal
        assert isinstance(value, bool | int | float | str)
        if self.type is float:
            value = float(value)
        if self.choices is not None and value not in self.choices:
            raise refusal
        if isinstance(value, int | float) and not isinstance(value, bool):
            too_low = self.minimum is not None and value < self.minimum
            too_high = self.maximum is not None and value > self.maximum
            if too_low or too_high:
                raise refusal
        return value


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _is_instance(value: object, expected: type) -> bool:
    # bool is an int subclass in Python, but an option typed int must not accept True.
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, expected)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}


def option_specs(options_type: type) -> tuple[OptionSpec, ...]:
    """The specs of every option field of an options dataclass, in declaration order.

    Cached per type: every view a server sends names the table's options, and resolving the
    type hints each time took a server under load about a twentieth of its time."""
    specs = _SPECS.get(options_type)
    if specs is None:
        specs = _SPECS[options_type] = _read_specs(options_type)
    return specs


def _read_specs(options_type: type) -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(options_type)
    specs = []
    for field in dataclasses.fields(options_type):
        field_type = hints[field.name]
        if field_type not in _SUPPORTED_TYPES:
            raise TypeError(f"option {field.name!r} has unsupported type {field_type!r}")
        specs.append(
            OptionSpec(
                name=field.name,
                type=field_type,
                default=field.default,  # type: ignore[arg-type]
                help=str(field.metadata.get("help", "")),
                choices=field.metadata.get("choices"),
                minimum=field.metadata.get("minimum"),
                maximum=field.metadata.get("maximum"),
            )
        )
    return tuple(specs)


def build_options(options_type: type[T], given: Mapping[str, object]) -> T:
    """Validate ``given`` against the options dataclass and return an instance of it.

    Raises:
        OptionsError: an unknown name, a wrong type or a value that is not allowed.
    """
    specs = {spec.name: spec for spec in option_specs(options_type)}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        valid = ", ".join(specs) or "none"
        raise OptionsError(f"unknown option {shown(unknown[0])}; valid: {valid}")
    values = {name: specs[name].check(value) for name, value in given.items()}
    return options_type(**values)


def options_to_dict(options: object) -> dict[str, OptionValue]:
    """Every option with its value, in declaration order (for records and displays)."""
    return {spec.name: getattr(options, spec.name) for spec in option_specs(type(options))}
