"""``certirag.pg``: store and ledger URLs are shown without their passwords, and a failed
connection's message never carries one (no PostgreSQL needed)."""

from __future__ import annotations

import pytest

from certirag.errors import BackendUnavailable
from certirag.pg import connect_error, is_postgres_url, redact_url


@pytest.mark.parametrize(("url", "shown"), [
    ("postgresql://alice:s3cr3t@db.internal:5432/rag", "postgresql://alice@db.internal:5432/rag"),
    ("postgres://alice:s3cr3t@db/rag", "postgres://alice@db/rag"),
    ("POSTGRESQL://alice:s3cr3t@db/rag", "POSTGRESQL://alice@db/rag"),
    ("postgresql://alice@db/rag", "postgresql://alice@db/rag"),
    ("postgresql://db/rag", "postgresql://db/rag"),
    ("postgresql://:s3cr3t@db/rag", "postgresql://db/rag"),
    # IPv6 hosts keep their brackets and port
    ("postgresql://alice:s3cr3t@[2001:db8::1]:5433/rag",
     "postgresql://alice@[2001:db8::1]:5433/rag"),
    ("postgresql://[::1]/rag", "postgresql://[::1]/rag"),
    # percent-encoded and unencoded special characters in the password
    ("postgresql://alice:p%40ss%2Fw0rd@db/rag", "postgresql://alice@db/rag"),
    ("postgresql://alice:p@ss@db/rag", "postgresql://alice@db/rag"),
    # password parameters of the query string go, the others stay
    ("postgresql://alice@db/rag?password=s3cr3t", "postgresql://alice@db/rag"),
    ("postgresql://alice@db/rag?sslmode=require&password=s3cr3t&application_name=x",
     "postgresql://alice@db/rag?sslmode=require&application_name=x"),
    ("postgresql://db/rag?sslpassword=s3cr3t&PASSWORD=s3cr3t", "postgresql://db/rag"),
    # libpq keyword strings
    ("host=db user=alice password=s3cr3t dbname=rag", "host=db user=alice dbname=rag"),
    ("host=db password='s3 cr3t' dbname=rag", "host=db dbname=rag"),
])
def test_redact_url_removes_the_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown
    assert "s3cr3t" not in redact_url(url) and "s3 cr3t" not in redact_url(url)
    assert "p@ss" not in redact_url(url) and "p%40ss" not in redact_url(url)


def test_redact_url_with_unencoded_delimiters_in_the_password() -> None:
    shown = redact_url("postgresql://alice:a/b?c#d@db/rag")
    assert shown.endswith("@db/rag") and shown.startswith("postgresql://")
    assert "a/b" not in shown and "c#d" not in shown and "?" not in shown


@pytest.mark.parametrize("url", ["", "not a url", "postgresql://", "postgresql://alice:s3cr3t@",
                                 "postgresql://alice:s3cr3t@db:notaport/rag",
                                 "postgresql://alice:s3cr3t@db/rag?password",
                                 "postgresql://alice:s3cr3t@db/rag?=&&password=&x"])
def test_redact_url_of_odd_or_unparseable_targets(url: str) -> None:
    shown = redact_url(url)
    assert isinstance(shown, str) and "s3cr3t" not in shown
    if "s3cr3t" not in url:
        assert shown == url.strip()


def test_is_postgres_url() -> None:
    assert is_postgres_url("postgresql://db/x") and is_postgres_url(" Postgres://db/x")
    assert not is_postgres_url("file:///srv/x") and not is_postgres_url(None)
    assert not is_postgres_url("host=db dbname=x")


def test_connect_error_never_carries_the_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PGPASSWORD", raising=False)
    url = "postgresql://alice:hunter2x@db.internal:5432/rag"
    exc = RuntimeError('FATAL:  password authentication failed for "alice" (hunter2x)\n'
                       "  while connecting to postgresql://alice:hunter2x@db.internal/rag")
    error = connect_error(url, exc)
    assert isinstance(error, BackendUnavailable)
    message = str(error)
    assert "hunter2x" not in message
    assert "postgresql://alice@db.internal:5432/rag" in message
    assert "password authentication failed" in message and "\n" not in message

    encoded = "postgresql://alice:p%40ss%2Fword@db/rag"  # the driver may show either form
    message = str(connect_error(encoded, RuntimeError("bad p@ss/word, also p%40ss%2Fword"),
                                what="the ledger"))
    assert "p@ss/word" not in message and "p%40ss%2Fword" not in message
    assert message.startswith("cannot connect to the ledger at postgresql://alice@db/rag")

    query = "postgresql://alice@db/rag?password=qu3rysecret"
    assert "qu3rysecret" not in str(connect_error(query, RuntimeError("x qu3rysecret y")))
    keywords = "host=db password=kw0rdsecret"
    assert "kw0rdsecret" not in str(connect_error(keywords, RuntimeError("kw0rdsecret")))


def test_connect_error_scrubs_the_password_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGPASSWORD", "env-secret-9")
    message = str(connect_error("postgresql://alice@db/rag",
                                RuntimeError("rejected env-secret-9 for alice")))
    assert "env-secret-9" not in message and "alice" in message
