"""Reading a certificate strictly: duplicate keys, issued_at, what "checked" claims, deep
nesting, and the reader fuzzed with random JSON, bytes and mutated, re-signed bodies."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis import strategies as st

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import (
    FAILURE_CODES,
    Certificate,
    issue_and_record,
    issue_certificate,
    verify_certificate,
)
from certirag.certify.dsse import sign_envelope
from certirag.certify.keys import Signer, generate_keys
from certirag.config import Settings
from certirag.pipeline import verify

from .certify_goldens import GoldenIndex
from .certify_support import (
    ANSWER,
    EVIDENCE,
    QUESTION,
    cli,
    digests,
    fixture_verifier,
    invoke,
    resign,
    runner,
)

# ------------------------------------------------ 5. duplicate keys, issued_at, "checked"

def test_an_envelope_with_duplicate_keys_is_refused(cert: Certificate, signer: Signer) -> None:
    """Two readers of {"payload": A, "payload": B} may see different certificates."""
    other = issue_certificate(
        verify("", "The sky is blue.", evidence=EVIDENCE, verifier=fixture_verifier(),
               settings=Settings()), signer=signer, settings=Settings())
    data = json.loads(cert.to_json())
    forged = json.dumps(json.loads(other.to_json())["payload"])
    text = (f'{{"payloadType": {json.dumps(data["payloadType"])}, "payload": {forged}, '
            f'"payload": {json.dumps(data["payload"])}, '
            f'"signatures": {json.dumps(data["signatures"])}}}')
    assert json.loads(text)["payload"] == data["payload"]  # what a last-wins reader sees
    check = verify_certificate(text, signer.public_key)
    assert check.codes == ["not_json"] and check.bad_input and "duplicate" in str(
        check.failures[0].message)


def test_a_payload_with_duplicate_keys_is_refused(cert: Certificate, signer: Signer) -> None:
    payload = cert.envelope.payload
    doubled = payload.replace(b'"display":"mixed"', b'"display":"debug","display":"mixed"')
    assert doubled != payload
    check = verify_certificate(sign_envelope(doubled, signer).to_json(), signer.public_key)
    assert not check.valid and "statement_malformed" in check.codes


@pytest.mark.parametrize("stamp", ["not a date", "2026-01-02", "2026-01-02T03:04:05",
                                   "2026-01-02T03:04:05+02:00", "2026-02-30T00:00:00Z",
                                   "2026-01-02 03:04:05Z", "2026-01-02T25:00:00Z", ""])
def test_issued_at_must_be_an_rfc3339_utc_timestamp(cert: Certificate, signer: Signer,
                                                    stamp: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        body["issued_at"] = stamp
    check = verify_certificate(resign(cert, edit, signer), signer.public_key)
    assert check.codes == ["certificate_malformed"] and "issued_at" in check.failures[0].message


@pytest.mark.parametrize("stamp", ["2026-01-02T03:04:05Z", "2026-01-02T03:04:05.250Z",
                                   "2026-01-02t03:04:05z", "2026-01-02T03:04:05+00:00"])
def test_rfc3339_utc_timestamps_are_accepted(cert: Certificate, signer: Signer,
                                             stamp: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        body["issued_at"] = stamp
    assert verify_certificate(resign(cert, edit, signer), signer.public_key).valid


def test_an_inline_certificate_does_not_claim_the_index_was_checked(
        cert: Certificate, signer: Signer) -> None:
    check = cert.verify(signer.public_key, index=GoldenIndex())
    assert check.valid and "index" not in check.checked
    assert any("inline" in n for n in check.notes)


# ------------------------------------------------------------------------- 6. deep nesting

DEEP = 5000


@pytest.mark.parametrize("text", [
    "[" * DEEP + "]" * DEEP,
    '{"a":' * DEEP + "1" + "}" * DEEP,
    '{"payloadType": "application/vnd.in-toto+json", "payload": ' + "[" * DEEP + "]" * DEEP
    + ', "signatures": []}',
])
def test_deep_nesting_is_not_json_exit_2(tmp_path: Path, pub: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    code, out, exc = invoke("cert", "verify", str(path), "--public-key", str(pub), "--json")
    assert exc is None or isinstance(exc, SystemExit), exc
    assert code == 2 and [f["code"] for f in json.loads(out)["failures"]] == ["not_json"]


def test_a_deeply_nested_signed_payload_is_named(signer: Signer) -> None:
    payload = ("[" * DEEP + "]" * DEEP).encode()
    check = verify_certificate(sign_envelope(payload, signer).to_json(), signer.public_key)
    assert not check.valid and set(check.codes) == {"payload_not_canonical",
                                                    "statement_malformed"}


def test_deep_nesting_through_the_http_api(tmp_path: Path, pub: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from certirag.server import create_app
    from certirag.testing import FakeVerifier

    app_ = create_app(Settings(home=tmp_path / "home"), verifier=FakeVerifier())
    _, secret = app_.state.certirag.keys.create("tests")
    with TestClient(app_, headers={"Authorization": f"Bearer {secret}"}) as client:
        r = client.post("/v1/certificates/verify", json={
            "certificate": "[" * DEEP + "]" * DEEP, "public_key": pub.read_text()})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["result"] == "bad_input" and [f["code"] for f in data["failures"]] == [
        "not_json"]


# -------------------------------------------------------- 8. the certificate reader, fuzzed

@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A key, a ledger holding one certificate and that certificate, for the fuzzers."""
    tmp = tmp_path_factory.mktemp("fuzz")
    pair = generate_keys(tmp / "keys")
    signer = Signer.from_file(pair.private_path)
    s = Settings(home=tmp / "home", display="mixed", tau_entail=0.5, tau_contradict=0.5)
    res = verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=fixture_verifier(), settings=s)
    cert = issue_and_record(res, settings=s, signing_key=pair.private_path,
                            cert_out=tmp / "real.cert.json")
    assert cert is not None
    ledger = s.home / "ledger.db"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CERTIRAG_HOME", str(s.home))
        yield {"tmp": tmp, "pub": pair.public_path, "signer": signer, "cert": cert,
               "ledger": [ledger, ledger.with_name("ledger.db.checkpoint")]}


_FUZZ = fuzz_settings(max_examples=40, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])
_EXITS = {0: "valid", 1: "invalid", 2: "bad_input", 4: "not_rederivable"}


def _cert_verify_is_clean(reader: dict[str, Any], data: bytes) -> None:
    before = digests(*reader["ledger"])
    path = reader["tmp"] / "fuzzed.json"
    path.write_bytes(data)
    res = runner.invoke(cli, ["cert", "verify", str(path), "--public-key", str(reader["pub"]),
                              "--json"])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code in _EXITS, (res.exit_code, res.output)
    out = json.loads(res.stdout)
    assert out["result"] == _EXITS[res.exit_code]
    assert {f["code"] for f in out["failures"]} <= set(FAILURE_CODES)
    assert digests(*reader["ledger"]) == before


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


@_FUZZ
@given(value=_json)
def test_fuzz_random_json(reader: dict[str, Any], value: Any) -> None:
    _cert_verify_is_clean(reader, json.dumps(value).encode())


@_FUZZ
@given(data=st.binary(max_size=2000))
def test_fuzz_random_bytes(reader: dict[str, Any], data: bytes) -> None:
    _cert_verify_is_clean(reader, data)


@_FUZZ
@given(depth=st.integers(min_value=60, max_value=20000), opener=st.sampled_from(
    ["[", '{"a":', '{"payload":', '[{"x":']))
def test_fuzz_deep_nesting(reader: dict[str, Any], depth: int, opener: str) -> None:
    closer = {"[": "]", '{"a":': "}", '{"payload":': "}", '[{"x":': "}]"}[opener]
    _cert_verify_is_clean(reader, (opener * depth + "0" + closer * depth).encode())


@_FUZZ
@given(cuts=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=255)),
                     min_size=1, max_size=6))
def test_fuzz_mutated_certificate_file(reader: dict[str, Any],
                                       cuts: list[tuple[int, int]]) -> None:
    data = bytearray(reader["cert"].to_json().encode())
    for where, byte in cuts:
        data[where % len(data)] = byte
    _cert_verify_is_clean(reader, bytes(data))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@_FUZZ
@given(data=st.data())
def test_fuzz_mutated_and_resigned_bodies(reader: dict[str, Any], data: st.DataObject) -> None:
    """A key holder's edits reach every re-derivation: each must end in a named result."""
    statement = json.loads(reader["cert"].envelope.payload)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(statement["predicate"]) if p]
        where = data.draw(st.sampled_from(paths))
        parent: Any = statement["predicate"]
        for key in where[:-1]:
            parent = parent[key]
        value = data.draw(_json | st.integers(min_value=-5, max_value=10**6)
                          | st.sampled_from(["verified", "blocked", "not_a_claim", "",
                                             "certirag.policy.v1", "c1", "quoted"]))
        parent[where[-1]] = value
    try:
        payload = canonical_json(statement)
    except Exception:  # a value canonical JSON cannot hold (a float RFC 8785 refuses)
        return
    text = sign_envelope(payload, reader["signer"]).to_json().encode()
    _cert_verify_is_clean(reader, text)


def test_base64_of_the_payload_round_trips(cert: Certificate) -> None:
    """(The fuzzers rely on it.)"""
    assert base64.b64decode(json.loads(cert.to_json())["payload"]) == cert.envelope.payload
