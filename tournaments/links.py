"""The addresses that leave the screen: every absolute link put in a QR code or printed (the table
cards, the table sheets, the demo's links for phones) is made by :func:`public_url`, so that the
players' phones reach the laptop however the organiser's own browser opened the desk."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

LOCAL_BASE = "http://127.0.0.1:8000"
"""Where ``scripts/demo`` serves the site on the laptop itself: the base of a link made without a
request (a management command) while ``KREIDETAFEL_PUBLIC_URL`` is not set."""


def public_url(request: HttpRequest | None, path: str) -> str:
    """The absolute address of the site's ``path`` (``"/t/<token>/"``, as ``get_absolute_url``
    gives it) as the players' phones reach it: ``settings.PUBLIC_URL`` (the environment's
    ``KREIDETAFEL_PUBLIC_URL``, such as ``"http://192.168.1.20:8000"``) followed by ``path``
    when that is set; otherwise the address ``request`` came by
    (``request.build_absolute_uri(path)``), or :data:`LOCAL_BASE` without a request. Every QR
    code and every link printed for the players is made here."""
    base = settings.PUBLIC_URL
    if not base and request is not None:
        return request.build_absolute_uri(path)
    return (base or LOCAL_BASE).rstrip("/") + path


def _local_only(host: str) -> bool:
    """``host`` (a name or address, without port or brackets) names this machine alone:
    ``localhost`` (and ``*.localhost``), a loopback address (127.0.0.0/8, ``::1``) or the
    unspecified ``0.0.0.0`` / ``::``."""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def phones_cannot_reach(request: HttpRequest) -> bool:
    """The desk is open through an address of the laptop alone (``localhost``, ``127.0.0.1``,
    ``::1``) and no ``KREIDETAFEL_PUBLIC_URL`` is set, so the QR codes and printed links
    :func:`public_url` makes would lead the phones nowhere: the desk warns before printing."""
    if settings.PUBLIC_URL:
        return False
    host, _port = split_domain_port(request.get_host())
    return _local_only(host.strip("[]"))
