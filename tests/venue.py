"""The venue as the README sets it up, for the tests that start it for real: ``adjudicator serve`` in a child
process (:func:`serve`, :func:`stop`) and the README's local certificate authority made with openssl
(:func:`certificate`)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

STARTUP_SECONDS = 90
PRINTED_URL = re.compile(r"^\s+(https?://\S+)/$")


@dataclass
class Served:
    process: subprocess.Popen
    port: int
    printed: list[str]   # the addresses the command printed for other devices
    output: list[str]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(data_dir: Path, host: str, *extra: str, allowed_hosts: str | None = None) -> Served:
    """``adjudicator serve --host HOST`` on a free port, once it says which host names it accepts;
    ``allowed_hosts`` is ``ADJUDICATOR_ALLOWED_HOSTS`` (unset by default, as on a fresh machine)."""
    port = free_port()
    env = {**os.environ, "ADJUDICATOR_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}
    env.pop("ADJUDICATOR_ALLOWED_HOSTS", None)
    if allowed_hosts is not None:
        env["ADJUDICATOR_ALLOWED_HOSTS"] = allowed_hosts
    process = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", "--host", host, "--port", str(port), *extra],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output: list[str] = []
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line.rstrip("\n"))
        if line.startswith("受け付けるホスト名"):
            printed = [found.group(1) for found in map(PRINTED_URL.match, output) if found]
            return Served(process, port, printed, output)
    process.kill()
    raise AssertionError("serve did not start:\n" + "\n".join(output))


def stop(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()


def certificate(directory: Path, names: list[str]) -> tuple[Path, Path, Path]:
    """The README's venue certificate, made with its openssl commands: a local authority (``ca.pem``, what the
    phones trust) and the server's certificate for ``names`` (subjectAltName entries: ``IP:…``, ``DNS:…``)."""
    if shutil.which("openssl") is None:  # .ci/run installs it: a machine without it fails, never skips
        pytest.fail("the --tls tests need openssl (apt-get install openssl)")
    (directory / "server.ext").write_text(
        f"subjectAltName={','.join(names)}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n", encoding="utf-8")
    for command in (
        "openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=venue-CA -keyout ca-key.pem -out ca.pem"
        " -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign",
        "openssl req -newkey rsa:2048 -nodes -subj /CN=venue -keyout key.pem -out server.csr",
        "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 -extfile server.ext"
        " -out cert.pem",
    ):
        subprocess.run(command.split(), cwd=directory, check=True, capture_output=True)
    return directory / "ca.pem", directory / "cert.pem", directory / "key.pem"
