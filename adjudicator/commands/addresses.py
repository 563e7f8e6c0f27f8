"""The addresses ``adjudicator serve`` can be reached at, read from this machine's network interfaces.

Serving on all interfaces (``--host 0.0.0.0`` or ``::``) is only useful if the addresses other devices use are
also accepted as the request's ``Host``: the command prints them and adds them to the allowed hosts.
"""

from __future__ import annotations

import ipaddress
import socket

import psutil

# What each wildcard listens on: "::" is dual-stack on Linux (IPV6_V6ONLY is off by default), so IPv4 too.
WILDCARDS = {"0.0.0.0": (socket.AF_INET,), "::": (socket.AF_INET, socket.AF_INET6)}


def reachable_addresses(host: str) -> list[str]:
    """The addresses another device may open when the service listens on ``host``: for a wildcard every
    interface's address except loopback and link-local IPv6 (a browser cannot take its ``%zone``); for one
    address, that address."""
    families = WILDCARDS.get(host)
    if families is None:
        return [host]
    found: dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address] = {}
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family not in families:
                continue
            ip = ipaddress.ip_address(address.address.split("%")[0])
            if not (ip.is_loopback or ip.is_link_local):
                found[str(ip)] = ip
    # IPv4 first: the address people read out and type.
    return sorted(found, key=lambda text: (found[text].version, found[text]))


def url_host(address: str) -> str:
    """An address as a URL or a ``Host`` header writes it: an IPv6 address in brackets."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address
