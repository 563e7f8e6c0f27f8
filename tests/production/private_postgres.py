"""A PostgreSQL server of the test's own (Debian's binaries, a cluster in a temporary directory), which the
test may stop and start again without touching the shared test database. Needs root (to run the server as
the ``postgres`` user) and Debian's postgresql package (``.ci/run`` installs both); skips otherwise."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

BINARIES = Path("/usr/lib/postgresql")


def _bin_dir() -> Path:
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        pytest.skip("a private PostgreSQL server runs as the postgres user: needs root (.ci/run is)")
    versions = sorted(BINARIES.glob("*/bin/pg_ctl"), key=lambda path: int(path.parts[-3]))
    if not versions:
        pytest.skip("needs Debian's postgresql package (apt-get install postgresql; .ci/run does)")
    return versions[-1].parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Cluster:
    bin: Path
    data: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(self.bin / "pg_ctl"), "-D", str(self.data),
                        "-l", str(self.data.parent / "server.log"), *args], check=True, capture_output=True,
                       timeout=120)

    def start(self) -> None:
        self._ctl("-o", f"-p {self.port} -k {self.data.parent} -c listen_addresses=127.0.0.1", "-w", "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")  # every connection cut, as a crash or a restart would


@contextmanager
def private_cluster() -> Iterator[Cluster]:
    """A running cluster (trust authentication, loopback only) in a directory of its own under the system's
    temporary directory (pytest's are closed to other users), stopped and removed after."""
    binaries = _bin_dir()
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-postgres-"))
    shutil.chown(directory, "postgres", "postgres")
    cluster = Cluster(binaries, directory / "data", _free_port())
    subprocess.run(["runuser", "-u", "postgres", "--", str(binaries / "initdb"), "-D", str(cluster.data),
                    "-A", "trust", "-U", "postgres", "--no-sync"], check=True, capture_output=True, timeout=120)
    try:
        cluster.start()
        yield cluster
    finally:
        subprocess.run(["runuser", "-u", "postgres", "--", str(binaries / "pg_ctl"), "-D", str(cluster.data),
                        "-m", "immediate", "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(directory, ignore_errors=True)
