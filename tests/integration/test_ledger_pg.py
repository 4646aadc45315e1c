"""The ledger in PostgreSQL (``ledger: postgresql://…``) on a real server: migrations,
the same tree as SQLite, appends from several processes, the append-only triggers,
``certirag log verify --ledger URL`` against tampering by the tables' owner, and no
password in any output."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from certirag.certify.canonical import canonical_json, sha256_hex
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.dsse import Envelope, sign_envelope
from certirag.certify.keys import Signer, generate_keys
from certirag.certify.ledger import Ledger, LedgerDamagedError, open_ledger, verify_ledger
from certirag.certify.ledger_pg import LOCK_KEY, PG_MIGRATIONS, SCHEMA, PostgresLedger
from certirag.config import Settings
from certirag.errors import CertificateError, CertiragError, InputError

psycopg = pytest.importorskip("psycopg")

pytestmark = pytest.mark.postgres

#: each table of the ledger, and a column of it
TABLES = {"entries": "idx", "nodes": "hash", "checkpoints": "note", "meta": "value"}


def _envelope(signer: Signer, n: int, worker: int = 0) -> Envelope:
    return sign_envelope(canonical_json({"certificate": n, "worker": worker}), signer)


def _password(url: str) -> str:
    match = re.match(r"postgresql://[^:]+:([^@]+)@", url)
    assert match is not None
    return match.group(1)


def _with_login(url: str, user: str, password: str) -> str:
    return re.sub(r"//[^@]*@", f"//{user}:{password}@", url, count=1)


def _raw(url: str) -> Any:
    """A plain connection to the ledger's schema (as a tamperer would use)."""
    conn = psycopg.connect(url, autocommit=True)
    conn.execute(f"SET search_path TO {SCHEMA}")
    return conn


@dataclass
class Cli:
    """``certirag`` in a subprocess; every call asserts no password is in its output."""

    home: Path
    hidden: list[str]

    def __call__(self, *args: str, env: dict[str, str] | None = None
                 ) -> tuple[int, str, str]:
        done = subprocess.run([sys.executable, "-m", "certirag.cli", *args],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "CERTIRAG_HOME": str(self.home),
                                   "OMP_NUM_THREADS": "1", **(env or {})})
        for secret in self.hidden:
            assert secret not in done.stdout and secret not in done.stderr, args
        assert "Traceback" not in done.stderr, done.stderr
        return done.returncode, done.stdout, done.stderr


@pytest.fixture
def home() -> Path:
    return Path(os.environ["CERTIRAG_HOME"])


@pytest.fixture
def keys(tmp_path: Path) -> tuple[Signer, Path, Path]:
    pair = generate_keys(tmp_path / "keys")
    return Signer.from_file(pair.private_path), pair.private_path, pair.public_path


@pytest.fixture
def cli(home: Path, pg_url: str) -> Cli:
    return Cli(home, [_password(pg_url)])


@pytest.fixture
def owner_url(pg_url: str, cli: Cli) -> Iterator[str]:
    """The URL of a role that is no superuser but owns the ledger it creates."""
    name, password = f"owner_{secrets.token_hex(4)}", secrets.token_hex(12)
    database = pg_url.rsplit("/", 1)[1]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} LOGIN NOSUPERUSER PASSWORD '{password}'")
        conn.execute(f'GRANT CREATE ON DATABASE "{database}" TO {name}')
    cli.hidden.append(password)
    yield _with_login(pg_url, name, password)


# ------------------------------------------------------------------- migrations

def test_migrations_are_applied_once_and_recorded(pg_url: str, keys: tuple[Signer, Path, Path]
                                                  ) -> None:
    signer = keys[0]
    for _ in range(3):
        with PostgresLedger.open(pg_url) as ledger:
            assert ledger.migrations() == [name for name, _ in PG_MIGRATIONS]
            ledger.append(_envelope(signer, 0), signer=signer)
    with _raw(pg_url) as conn:
        rows = conn.execute("SELECT name, count(*) FROM migrations GROUP BY name "
                            "ORDER BY name").fetchall()
        assert rows == [(name, 1) for name, _ in PG_MIGRATIONS]
        assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 1
        conn.execute("INSERT INTO migrations VALUES ('9999_from_the_future', 'x')")
    for readonly in (False, True):
        with pytest.raises(CertificateError, match="newer certirag"):
            PostgresLedger.open(pg_url, readonly=readonly)


def test_a_read_only_open_creates_nothing(pg_url: str, keys: tuple[Signer, Path, Path],
                                          cli: Cli) -> None:
    with pytest.raises(InputError, match="no ledger in"):
        open_ledger(Settings(ledger=pg_url), readonly=True)
    code, _, err = cli("log", "verify", "--ledger", pg_url, "--public-key", str(keys[2]))
    assert code == 2 and "no ledger in" in err
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                            (SCHEMA,)).fetchone() is None
    # a schema without the ledger's tables is a damaged ledger, reported as such
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {SCHEMA}")
        conn.execute(f"CREATE TABLE {SCHEMA}.entries (idx bigint)")
    with pytest.raises(LedgerDamagedError, match="no checkpoints, meta, migrations, nodes"):
        PostgresLedger.open(pg_url, readonly=True)
    _, check = verify_ledger(pg_url, keys[0].public_key)
    assert check.codes == ["damaged"]
    code, out, _ = cli("log", "verify", "--ledger", pg_url, "--public-key", str(keys[2]))
    assert code == 1 and "not a ledger (damaged)" in out


# ----------------------------------------------------------- the same tree as SQLite

def test_the_same_certificates_give_the_same_log_as_sqlite(pg_url: str, tmp_path: Path,
                                                           keys: tuple[Signer, Path, Path]
                                                           ) -> None:
    signer = keys[0]
    envelopes = [_envelope(signer, n) for n in range(13)]
    with PostgresLedger.open(pg_url) as pg, Ledger.open(tmp_path / "l.db") as lite:
        for env in envelopes:
            a, b = pg.append(env, signer=signer), lite.append(env, signer=signer)
            assert (a.index, a.cert_id, a.leaf_hash, a.envelope) == \
                (b.index, b.cert_id, b.leaf_hash, b.envelope)
        again = pg.append(envelopes[4], signer=signer)  # a second append is the same entry
        assert again.index == 4 and pg.size == lite.size == 13
        assert [e.to_dict() | {"appended_at": None} for e in pg.entries()] == \
            [e.to_dict() | {"appended_at": None} for e in lite.entries()]
        assert [e.envelope for e in pg.entries()] == [e.envelope for e in lite.entries()]
        for size in range(14):
            assert pg.root(size) == lite.root(size)
            assert pg.consistency_proof(size) == lite.consistency_proof(size)
        for env in envelopes:
            cert_id = sha256_hex(env.payload)
            entry = pg.get(cert_id)
            assert entry is not None and entry.envelope == env.to_json()
            proof = pg.inclusion_proof(cert_id)
            assert proof.verify() and proof == lite.inclusion_proof(cert_id)
        for size in range(1, 14):  # Ed25519 is deterministic: the same signed notes
            pg_cp, lite_cp = pg.checkpoint(size), lite.checkpoint(size)
            assert pg_cp is not None and lite_cp is not None and pg_cp.note == lite_cp.note
        assert pg.get("0" * 64) is None
        assert pg.stored_public_key() == lite.stored_public_key()
        check = pg.verify(signer.public_key)
        assert check.valid, check.failures
        assert check.to_dict() | {"checkpoint_file": None} == \
            lite.verify(signer.public_key).to_dict() | {"checkpoint_file": None}
        with pytest.raises(CertificateError, match="belongs to key"):
            other = Signer.generate()
            pg.append(_envelope(other, 99), signer=other)
    assert pg.checkpoint_path.read_text("utf-8") == lite.checkpoint_path.read_text("utf-8")


# ------------------------------------------------------------ many processes at once

_APPENDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from certirag.certify.canonical import canonical_json
    from certirag.certify.dsse import sign_envelope
    from certirag.certify.keys import Signer
    from certirag.certify.ledger import open_ledger
    from certirag.config import load_settings

    signer = Signer.from_file(Path(sys.argv[1]))
    worker, count = int(sys.argv[2]), int(sys.argv[3])
    print("ready", flush=True)
    sys.stdin.readline()  # all start together: migrations and appends race
    with open_ledger(load_settings()) as ledger:  # CERTIRAG_LEDGER: the URL
        for n in range(count):
            envelope = sign_envelope(canonical_json({"certificate": n, "worker": worker}),
                                     signer)
            print(ledger.append(envelope, signer=signer).index, flush=True)
""")


def test_appends_from_many_processes_form_one_log_without_gaps(
        pg_url: str, keys: tuple[Signer, Path, Path], home: Path) -> None:
    signer, private, _ = keys
    workers, count = 4, 10
    env = {**os.environ, "CERTIRAG_LEDGER": pg_url, "OMP_NUM_THREADS": "1"}
    procs = [subprocess.Popen([sys.executable, "-c", _APPENDER, str(private), str(w),
                               str(count)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
             for w in range(workers)]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    indexes: list[list[int]] = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        indexes.append([int(line) for line in out.split()])
    n = workers * count
    assert sorted(i for per in indexes for i in per) == list(range(n))
    assert all(per == sorted(per) for per in indexes)
    with _raw(pg_url) as conn:
        assert [r[0] for r in conn.execute("SELECT idx FROM entries ORDER BY idx")] == \
            list(range(n))
        assert [r[0] for r in conn.execute("SELECT tree_size FROM checkpoints "
                                           "ORDER BY tree_size")] == list(range(1, n + 1))
        assert conn.execute("SELECT count(*) FROM migrations").fetchone()[0] == \
            len(PG_MIGRATIONS)
    with PostgresLedger.open(pg_url, readonly=True) as ledger:
        check = ledger.verify(signer.public_key)
        assert check.valid and check.size == n, check.failures
        for w, per in enumerate(indexes):  # each worker's entries, in its order
            payloads = [json.loads(Envelope.from_json(e.envelope).payload)
                        for e in ledger.entries() if e.index in per]
            assert [p["certificate"] for p in payloads] == list(range(count))
            assert {p["worker"] for p in payloads} == {w}
        cp = ledger.checkpoint()
        assert cp is not None and cp.tree_size == n
    file = Checkpoint.parse(ledger.checkpoint_path.read_text("utf-8"))
    assert file.tree_size <= n and file.verify(signer.public_key)


# ---------------------------------------------------------------- append-only rows

def test_update_delete_and_truncate_are_refused(pg_url: str, keys: tuple[Signer, Path, Path]
                                               ) -> None:
    signer = keys[0]
    with PostgresLedger.open(pg_url) as ledger:
        for n in range(3):
            ledger.append(_envelope(signer, n), signer=signer)
    with _raw(pg_url) as conn:
        for table, column in TABLES.items():
            for sql in (f"UPDATE {table} SET {column} = {column}", f"DELETE FROM {table}",
                        f"TRUNCATE {table}"):
                with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                    conn.execute(sql)
        # the write lock is a transaction-level advisory lock: none is left held
        assert conn.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                            ).fetchone()[0] == 0
    with PostgresLedger.open(pg_url, readonly=True) as ledger:
        assert ledger.verify(signer.public_key).valid
        with pytest.raises(CertificateError, match="read-only transaction"):
            ledger.append(_envelope(signer, 3), signer=signer)
    assert LOCK_KEY.bit_length() <= 64


def test_an_appending_role_without_ownership_cannot_lift_the_triggers(
        pg_url: str, owner_url: str, keys: tuple[Signer, Path, Path], cli: Cli) -> None:
    signer = keys[0]
    with open_ledger(Settings(ledger=owner_url)) as ledger:  # the owner makes the tables
        ledger.append(_envelope(signer, 0), signer=signer)
    name, password = f"app_{secrets.token_hex(4)}", secrets.token_hex(12)
    cli.hidden.append(password)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} LOGIN NOSUPERUSER PASSWORD '{password}'")
    with _raw(owner_url) as conn:
        conn.execute(f"GRANT USAGE ON SCHEMA {SCHEMA} TO {name}")
        conn.execute(f"GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA {SCHEMA} TO {name}")
    app_url = _with_login(pg_url, name, password)
    with open_ledger(Settings(ledger=app_url)) as ledger:
        assert ledger.append(_envelope(signer, 1), signer=signer).index == 1
    with _raw(app_url) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="owner"):
            conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_append_only")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM entries")
    code, out, _ = cli("log", "verify", "--ledger", app_url, "--public-key", str(keys[2]))
    assert code == 0 and "valid; 2 entries" in out


# ---------------------------------------------------- log verify and its tamperers

def _issue(url: str, signer: Signer, count: int) -> list[str]:
    with open_ledger(Settings(ledger=url)) as ledger:
        return [ledger.append(_envelope(signer, n), signer=signer).cert_id
                for n in range(count)]


def test_log_verify_proof_and_checkpoint_work_on_postgresql(
        owner_url: str, keys: tuple[Signer, Path, Path], cli: Cli, tmp_path: Path) -> None:
    signer, _, pub = keys
    ids = _issue(owner_url, signer, 6)
    shown = re.sub(r":[^:@/]+@", "@", owner_url)
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub))
    assert code == 0, out
    assert out.startswith(f"{shown}: valid; 6 entries")
    assert "proven: the checkpoint file's signed tree of 6 entries matches" in out
    code, out, _ = cli("log", "verify", "--public-key", str(pub), "--json",
                       env={"CERTIRAG_LEDGER": owner_url})  # the setting, from the env
    data = json.loads(out)
    assert code == 0 and data["valid"] and data["ledger"] == shown and data["size"] == 6
    code, out, _ = cli("log", "proof", ids[3], "--ledger", owner_url, "--json")
    proof = json.loads(out)
    assert code == 0 and proof["leaf_index"] == 3 and proof["tree_size"] == 6
    published = tmp_path / "cp.txt"
    code, _, _ = cli("log", "checkpoint", "--ledger", owner_url, "--out", str(published))
    assert code == 0 and Checkpoint.parse(published.read_text()).tree_size == 6
    _issue(owner_url, signer, 8)  # two more
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub),
                       "--since", str(published))
    assert code == 0 and "the log extends the earlier checkpoint of 6 entries" in out


def test_an_edit_by_the_tables_owner_is_caught(owner_url: str, cli: Cli,
                                               keys: tuple[Signer, Path, Path]) -> None:
    signer, _, pub = keys
    _issue(owner_url, signer, 6)
    with _raw(owner_url) as conn:
        with pytest.raises(psycopg.errors.RaiseException):
            conn.execute("UPDATE entries SET payload = 'x'::bytea WHERE idx = 2")
        # the owner (no superuser) can lift its own trigger: the edit then goes in
        conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_append_only")
        conn.execute("UPDATE entries SET payload = convert_to('{\"certificate\":99}', "
                     "'UTF8') WHERE idx = 2")
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub),
                       "--json")
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    assert {"entry_digest", "leaf_mismatch", "envelope_mismatch",
            "root_mismatch"} <= {f["code"] for f in data["failures"]}


def test_deleting_the_last_entries_is_caught_by_the_checkpoint_file(
        owner_url: str, cli: Cli, keys: tuple[Signer, Path, Path], home: Path,
        tmp_path: Path) -> None:
    signer, _, pub = keys
    _issue(owner_url, signer, 6)
    code, _, _ = cli("log", "checkpoint", "--ledger", owner_url, "--out",
                     str(tmp_path / "cp.txt"))
    assert code == 0
    with _raw(owner_url) as conn:  # cut the log back to 4 entries, consistently
        for table in ("entries", "nodes", "checkpoints"):
            conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
        conn.execute("DELETE FROM entries WHERE idx >= 4")
        conn.execute("DELETE FROM nodes WHERE (idx + 1) << level > 4")
        conn.execute("DELETE FROM checkpoints WHERE tree_size > 4")
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub),
                       "--json")
    data = json.loads(out)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["truncated"]
    assert data["checkpoint_file"]["tree_size"] == 6
    # what the database's owner can hide: with the checkpoint file gone too (it lives
    # with the appender, outside the database), the shorter log verifies on its own ...
    for file in (home / "ledger-checkpoints").iterdir():
        file.unlink()
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub),
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["size"] == 4
    assert any("no checkpoint file" in note for note in data["notes"])
    # ... but not against a checkpoint published before
    code, out, _ = cli("log", "verify", "--ledger", owner_url, "--public-key", str(pub),
                       "--since", str(tmp_path / "cp.txt"), "--json")
    data = json.loads(out)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["since_ahead"]


# -------------------------------------------------------------- credentials and errors

def test_no_password_in_any_message(pg_url: str, cli: Cli,
                                    keys: tuple[Signer, Path, Path]) -> None:
    _, _, pub = keys
    password = _password(pg_url)
    port = int(re.search(r"@127\.0\.0\.1:(\d+)/", pg_url).group(1))  # type: ignore[union-attr]
    wrong_port = pg_url.replace(f":{port}/", f":{1 if port != 1 else 2}/")
    wrong_password = pg_url.replace(password, "0" * len(password))
    cli.hidden.append("0" * len(password))
    missing_db = pg_url.rsplit("/", 1)[0] + "/no_such_database"
    bad_escape = password[:4] + "%zz" + password[4:]
    cli.hidden.append(bad_escape)
    for url, code_wanted, says in (
            (wrong_port, 3, "cannot connect to the ledger at"),
            (wrong_password, 3, "password authentication failed"),
            (missing_db, 3, "does not exist"),
            (pg_url.replace(password, bad_escape), 2, "not a PostgreSQL URL")):
        commands: list[tuple[str, ...]] = [("log", "verify", "--public-key", str(pub))]
        if url == wrong_port:  # the other log commands open the ledger the same way
            commands += [("log", "proof", "0" * 64), ("log", "checkpoint")]
        for args in commands:
            code, _, err = cli(*args, "--ledger", url)
            assert code == code_wanted and says in err, (args, err)
            assert "postgresql://certirag@127.0.0.1" in err
        with pytest.raises(CertiragError) as caught:
            open_ledger(Settings(ledger=url))
        assert password not in str(caught.value) and bad_escape not in str(caught.value)
    # a URL's password and the PGPASSWORD variable are neither shown
    passwordless = pg_url.replace(f":{password}@", "@")
    code, _, err = cli("log", "verify", "--public-key", str(pub), "--ledger", passwordless,
                       env={"PGPASSWORD": password})
    assert code == 2 and "no ledger in" in err


# ------------------------------------------------------------------------ the server

def test_the_server_issues_to_and_serves_from_a_postgresql_ledger(
        pg_url: str, tmp_path: Path, keys: tuple[Signer, Path, Path]) -> None:
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("fastapi")
    from certirag.server import create_app
    from certirag.server.testing import running_server
    from certirag.testing import FakeVerifier

    signer, private, _ = keys
    settings = Settings(home=tmp_path / "home", signing_key=private, ledger=pg_url)
    app = create_app(settings, verifier=FakeVerifier())
    _, secret = app.state.certirag.keys.create("tests")
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        assert client.get("/v1/log/checkpoint").status_code == 404  # nothing issued yet
        ids = []
        for answer in ("Paris is the capital of France.", "Paris has many bridges."):
            r = client.post("/v1/verify", json={
                "question": "Tell me about Paris", "answer": answer,
                "evidence": [{"id": "geo", "text": "Paris is the capital of France. It "
                                                   "has many bridges."}]})
            assert r.status_code == 200, r.text
            ids.append(r.json()["certificate_id"])
        assert Envelope.from_json(client.get(f"/v1/certificates/{ids[0]}").text)
        proof = client.get(f"/v1/certificates/{ids[1]}/proof").json()
        assert proof["leaf_index"] == 1 and proof["tree_size"] == 2
        assert client.get("/v1/log/checkpoint").json()["tree_size"] == 2
    with PostgresLedger.open(pg_url, settings=settings, readonly=True) as ledger:
        assert [e.cert_id for e in ledger.entries()] == ids
        assert ledger.verify(signer.public_key).valid
