"""Showing a PostgreSQL target without its password, and choosing the ledger's backend
from the settings (no server needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from certirag.certify.ledger import ledger_location
from certirag.config import Settings, load_settings
from certirag.errors import BackendUnavailable, ConfigError
from certirag.pg import connect, is_postgres_url, redact_url, scrub


@pytest.mark.parametrize(("target", "shown"), [
    ("postgresql://app:s3cret@db.example.com:5433/ledger",
     "postgresql://app@db.example.com:5433/ledger"),
    ("postgres://app:s3cret@db/ledger", "postgres://app@db/ledger"),
    ("POSTGRESQL://app:s3cret@db/ledger", "POSTGRESQL://app@db/ledger"),
    ("postgresql://:s3cret@db/ledger", "postgresql://db/ledger"),
    ("postgresql://app@db/ledger", "postgresql://app@db/ledger"),
    ("postgresql://db/ledger", "postgresql://db/ledger"),
    ("postgresql:///ledger", "postgresql:///ledger"),
    # percent-encoded, or not encoded at all: the password is still taken whole
    ("postgresql://app:p%40ss%2Fw@db/ledger", "postgresql://app@db/ledger"),
    ("postgresql://app:p@ss@db/ledger", "postgresql://app@db/ledger"),
    ("postgresql://app:pa/ss?w#d@db/ledger", "postgresql://***@db/ledger"),
    # passwords as query parameters are dropped, the other parameters kept
    ("postgresql://db/ledger?sslmode=require&password=s3cret&connect_timeout=3",
     "postgresql://db/ledger?sslmode=require&connect_timeout=3"),
    ("postgresql://db/ledger?PassWord=s3cret", "postgresql://db/ledger"),
    ("postgresql://db/ledger?sslpassword=s3cret&application_name=x",
     "postgresql://db/ledger?application_name=x"),
    # libpq keyword strings
    ("host=db dbname=ledger password=s3cret user=app", "host=db dbname=ledger user=app"),
    ("host=db password='s3 cr\\'et' dbname=ledger", "host=db dbname=ledger"),
])
def test_redact_url_removes_every_password(target: str, shown: str) -> None:
    assert redact_url(target) == shown
    assert "s3cret" not in shown


def test_scrub_removes_the_passwords_from_a_driver_message(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setenv("PGPASSWORD", "from-the-env")
    target = "postgresql://app:p%zzss-word@db/ledger"
    message = ('invalid percent-encoded token: "p%zzss-word"\n\tsee from-the-env or '
               "p%zzss-word again")
    cleaned = scrub(message, target)
    assert "zzss" not in cleaned and "from-the-env" not in cleaned
    assert cleaned == 'invalid percent-encoded token: "***" see *** or *** again'
    assert scrub("at p@ss and ss", "postgresql://app:p@ss@db/x") == "at *** and ss"


def test_is_postgres_url() -> None:
    assert is_postgres_url("postgresql://x") and is_postgres_url(" postgres://x")
    assert not is_postgres_url("ledger.db") and not is_postgres_url(None)
    assert not is_postgres_url("postgresql:/x")


def test_a_missing_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_psycopg(name: str, *args: object, **kwargs: object) -> object:
        if name == "psycopg" or name.startswith("psycopg."):
            raise ImportError("No module named 'psycopg'")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_psycopg)
    with pytest.raises(BackendUnavailable, match=r"certirag\[postgres\]") as caught:
        connect("postgresql://app:s3cret@127.0.0.1:1/x", what="the ledger")
    assert "s3cret" not in str(caught.value)


# ------------------------------------------------------------------ the ledger setting

def test_the_ledger_setting_takes_a_path_or_a_url(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    assert ledger_location(Settings(home=home)) == home / "ledger.db"
    assert ledger_location(Settings(home=home, ledger_path=tmp_path / "a.db")) == \
        tmp_path / "a.db"
    assert ledger_location(Settings(ledger=str(tmp_path / "b.db"))) == tmp_path / "b.db"
    assert ledger_location(Settings(ledger="~/c.db")) == Path("~/c.db").expanduser()
    url = "postgresql://app:s3cret@db/ledger"
    assert ledger_location(Settings(ledger=url)) == url
    # --ledger beats both settings
    assert ledger_location(Settings(ledger=url), "d.db") == Path("d.db")
    assert ledger_location(Settings(ledger_path=tmp_path / "a.db"), url) == url
    monkeypatch.setenv("CERTIRAG_LEDGER", url)
    settings = load_settings()
    assert settings.ledger == url and ledger_location(settings) == url
    assert "s3cret" not in repr(settings)
    # where the ledger is does not change what a certificate's settings hash says
    assert settings.settings_hash() == Settings().settings_hash()


def test_ledger_and_ledger_path_together_are_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"ledger .* or ledger_path, not both") as caught:
        load_settings(ledger="postgresql://app:s3cret@db/ledger",
                      ledger_path=tmp_path / "a.db")
    assert "s3cret" not in str(caught.value)
