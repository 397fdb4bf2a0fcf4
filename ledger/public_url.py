"""The site's public address: where phones on the house network (or the internet) reach it.

`DJANGO_PUBLIC_URL` (e.g. `http://192.168.1.20:8000`) makes the players' links and QR codes
point there instead of at the address the banker's request came in on (127.0.0.1 on the
demo's own machine, which no phone can open). Plain Python, read by the settings and by
`make demo` (`python -m ledger.public_url HOST PORT` prints the address to serve phones).

`make serve` serves plain HTTP only on the house network: `house_address` says whether an
address is one (loopback or private), and the settings relax the HTTPS-only cookies only then.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from urllib.parse import urlsplit

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def parse_public_url(text: str) -> str:
    """`text` as a public address without its trailing slash ("" when unset); anything but an
    http(s) address with a host and no path is refused with a sentence naming the setting."""
    text = (text or "").strip()
    if not text:
        return ""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname \
            or parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(f"DJANGO_PUBLIC_URL must be an address such as "
                         f"http://192.168.1.20:8000 (scheme, host, optional port), not {text!r}.")
    return f"{parts.scheme}://{parts.netloc}"


def public_host(url: str) -> str:
    """The host name of a public address (what ALLOWED_HOSTS must accept), "" for none."""
    return urlsplit(url).hostname or "" if url else ""


def lan_address() -> str:
    """This machine's address on the local network (the interface its default route uses);
    127.0.0.1 when it has none. Nothing is sent: a UDP socket only picks the route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def demo_public_url(host: str, port: str) -> str:
    """The address `make demo` gives phones when it serves `host`: none on the loopback (the
    links keep the request's address, as before), the machine's network address for
    0.0.0.0, else the host it was told."""
    if host in LOOPBACK:
        return ""
    if host in ("0.0.0.0", "::", "[::]"):
        host = lan_address()
    return f"http://{host}:{port}"


def house_address(host: str) -> bool:
    """Whether `host` is on the house network: a loopback or private address, `localhost`, or a
    name every address of which is one (a name that does not resolve is not)."""
    host = host.strip().strip("[]")
    if not host:
        return False
    try:
        return _private(ipaddress.ip_address(host))
    except ValueError:
        pass
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except (OSError, UnicodeError):
        return False
    return bool(found) and all(_private(ipaddress.ip_address(str(a).split("%")[0])) for a in found)


def _private(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return (address.is_loopback or address.is_private) and not address.is_unspecified


def house_refusal(host: str, url: str) -> str:
    """Why `make serve` will not serve plain HTTP here ("" when it may): the address it serves
    on (`host`, any interface allowed) and the public address phones open (`url`)."""
    for what, name in (("HOST", host if host not in ("0.0.0.0", "::", "[::]") else ""),
                       ("DJANGO_PUBLIC_URL", public_host(url))):
        if name and not house_address(name):
            return (f"make serve serves plain HTTP only on the house network, and {name} "
                    f"({what}) is not a private or loopback address: on the internet, put the "
                    "site behind Caddy for HTTPS (README, \"HTTPS when hosted\").")
    return ""


if __name__ == "__main__":
    print(demo_public_url(*sys.argv[1:3]))
