"""Dependency aliases for routes: the app's single authority, hub, settings and registry."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from molehaven.core.registry import Registry
from molehaven.server.hub import Hub
from molehaven.server.matches.authority import Authority
from molehaven.server.settings import Settings


def get_authority(connection: HTTPConnection) -> Authority:
    authority: Authority = connection.app.state.authority
    return authority


def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def get_registry(connection: HTTPConnection) -> Registry:
    registry: Registry = connection.app.state.registry
    return registry


AuthorityDep = Annotated[Authority, Depends(get_authority)]
HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
RegistryDep = Annotated[Registry, Depends(get_registry)]
SeatToken = Annotated[
    str | None, Header(alias="X-Seat-Token", max_length=128, description="a seat's secret")
]
HostToken = Annotated[
    str | None, Header(alias="X-Host-Token", max_length=128, description="the table's host secret")
]
