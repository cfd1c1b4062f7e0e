#!/usr/bin/env python3
"""Prints this laptop's IPv4 addresses in the local network (the hall's Wi-Fi, a travel router,
a cable), one a line as ``ADDRESS INTERFACE``, the one the default route leaves by first: the
addresses the players' phones can reach the laptop at. Nothing is sent anywhere: it only reads
the laptop's own interfaces and routes (``ip -4 addr``, ``ip -4 route``; ``hostname -I`` where
``ip`` is missing). Loopback, link-local (169.254.x.x) and the virtual interfaces of containers,
virtual machines and VPNs are left out. Prints nothing when no such address is found.

Used by scripts/demo (``python3 scripts/hall_addresses.py``); standard library only."""

from __future__ import annotations

import ipaddress
import subprocess
import sys

VIRTUAL = (
    "br-", "cni", "docker", "flannel", "lxc", "lxd", "podman", "tailscale", "tun", "vboxnet",
    "veth", "virbr", "vmnet", "wg", "zt",
)  # fmt: skip
"""Interfaces by these beginnings belong to containers, virtual machines or VPNs: no phone in
the hall reaches the laptop through them."""


def reachable(address: str) -> bool:
    """An IPv4 address another device in the local network can reach this laptop at."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def parse_addresses(text: str) -> list[tuple[str, str]]:
    """``(address, interface)`` per line of ``ip -4 -o addr show``, as listed, the reachable
    addresses of real interfaces only."""
    found = []
    for line in text.splitlines():
        words = line.split()
        if len(words) < 4 or words[2] != "inet":
            continue
        interface, address = words[1].split("@")[0], words[3].split("/")[0]
        if reachable(address) and not interface.startswith(VIRTUAL):
            found.append((address, interface))
    return found


def parse_default_interfaces(text: str) -> list[str]:
    """The interfaces of the default routes in ``ip -4 route show default``, as listed."""
    interfaces = []
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["default"] and "dev" in words[:-1]:
            interfaces.append(words[words.index("dev") + 1])
    return interfaces


def hall_addresses(addresses: str, routes: str) -> list[tuple[str, str]]:
    """The addresses of :func:`parse_addresses`, those of the default route's interface first."""
    found = parse_addresses(addresses)
    defaults = parse_default_interfaces(routes)
    rank = {interface: n for n, interface in enumerate(defaults)}
    return sorted(found, key=lambda item: rank.get(item[1], len(rank)))


def parse_hostname(text: str) -> list[tuple[str, str]]:
    """The reachable IPv4 addresses of ``hostname -I`` (interfaces unknown)."""
    return [(word, "") for word in text.split() if reachable(word)]


def _run(*command: str) -> str | None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=5, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout


def main() -> int:
    addresses = _run("ip", "-4", "-o", "addr", "show", "scope", "global")
    if addresses is not None:
        found = hall_addresses(addresses, _run("ip", "-4", "route", "show", "default") or "")
    else:
        found = parse_hostname(_run("hostname", "-I") or "")
    seen = set()
    for address, interface in found:
        if address not in seen:
            seen.add(address)
            print(f"{address} {interface}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
