"""Canonical JSON (RFC 8785), DSSE envelopes and in-toto Statements."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from certirag.certify.canonical import (
    canonical_json,
    canonical_sha256,
    is_canonical,
    sha256_hex,
)
from certirag.certify.dsse import (
    PAYLOAD_TYPE,
    STATEMENT_TYPE,
    Envelope,
    EnvelopeError,
    b64decode,
    make_statement,
    pae,
    parse_statement,
    sign_envelope,
    verify_envelope,
)
from certirag.certify.keys import Signer
from certirag.errors import CertificateError


def test_canonical_json_follows_rfc8785() -> None:
    value = {"b": [1.0, 0.5, 1e21, -0.0], "a": "é\u2028", "c": {"z": None, "y": True}}
    assert canonical_json(value) == (
        '{"a":"é\u2028","b":[1,0.5,1e+21,0],"c":{"y":true,"z":null}}'.encode())
    assert canonical_sha256(value) == sha256_hex(canonical_json(value))
    assert sha256_hex(b"") == hashlib.sha256(b"").hexdigest()


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), 2**60, {1: "x"}, object()])
def test_canonical_json_refuses_inexact_values(bad: object) -> None:
    with pytest.raises(CertificateError):
        canonical_json({"x": bad})


def test_is_canonical() -> None:
    assert is_canonical(canonical_json({"a": 1, "b": [0.1]}))
    assert not is_canonical(b'{"b":1,"a":2}')        # key order
    assert not is_canonical(b'{"a": 1}')             # whitespace
    assert not is_canonical(b'{"a":1,"a":2}')        # duplicate keys
    assert not is_canonical(b'{"a":1.0}')            # number form
    assert not is_canonical(b'{"a":NaN}')
    assert not is_canonical(b"\xff")


def test_pae_matches_the_dsse_specification() -> None:
    assert pae("http://example.com/HelloWorld", b"hello world") == (
        b"DSSEv1 29 http://example.com/HelloWorld 11 hello world")
    assert pae("t", "é".encode()) == b"DSSEv1 1 t 2 \xc3\xa9"  # byte lengths


def test_sign_and_verify_round_trip() -> None:
    signer = Signer.generate()
    env = sign_envelope(b'{"x":1}', signer)
    assert env.payload_type == PAYLOAD_TYPE
    assert env.signatures[0].keyid == signer.key_id
    assert verify_envelope(env, signer.public_key)
    assert not verify_envelope(env, Signer.generate().public_key)
    data = json.loads(env.to_json())
    assert set(data) == {"payloadType", "payload", "signatures"}
    assert base64.b64decode(data["payload"]) == b'{"x":1}'
    again = Envelope.from_json(env.to_json())
    assert again == env
    # the signature covers the payload type too
    other_type = Envelope(payload_type="text/plain", payload=env.payload,
                          signatures=env.signatures)
    assert not verify_envelope(other_type, signer.public_key)
    tampered = Envelope(payload_type=env.payload_type, payload=b'{"x":2}',
                        signatures=env.signatures)
    assert not verify_envelope(tampered, signer.public_key)


def test_url_safe_and_unpadded_base64_are_read() -> None:
    raw = bytes(range(250, 256))
    std = base64.b64encode(raw).decode()
    assert b64decode(std) == raw
    assert b64decode(base64.urlsafe_b64encode(raw).decode().rstrip("=")) == raw
    with pytest.raises(ValueError):
        b64decode("not base64!")


@pytest.mark.parametrize(("text", "code"), [
    ("{", "not_json"),
    ("", "not_json"),
    ("[]", "envelope_malformed"),
    ('{"payload": "e30=", "signatures": []}', "envelope_malformed"),
    ('{"payloadType": "t", "signatures": []}', "envelope_malformed"),
    ('{"payloadType": "t", "payload": "e30=", "signatures": {}}', "envelope_malformed"),
    ('{"payloadType": "t", "payload": "@@", "signatures": []}', "envelope_malformed"),
    ('{"payloadType": "t", "payload": "e30=", "signatures": [{"keyid": "k"}]}',
     "envelope_malformed"),
    ('{"payloadType": "t", "payload": "e30=", "signatures": [{"sig": "!!"}]}',
     "envelope_malformed"),
    ('{"payloadType": "t", "payload": "e30=", "signatures": [], "extra": 1}',
     "envelope_malformed"),
])
def test_malformed_envelopes_name_the_problem(text: str, code: str) -> None:
    with pytest.raises(EnvelopeError) as info:
        Envelope.from_json(text)
    assert info.value.code == code
    assert isinstance(info.value, CertificateError)


def test_statement_round_trip_and_validation() -> None:
    payload = make_statement(subject_name="answer", sha256="ab" * 32,
                             predicate_type="https://example.org/p", predicate={"k": [1, 2]})
    assert is_canonical(payload)
    statement = parse_statement(payload)
    assert statement["_type"] == STATEMENT_TYPE
    assert statement["subject"] == [{"name": "answer", "digest": {"sha256": "ab" * 32}}]
    assert statement["predicate"] == {"k": [1, 2]}
    for bad in (b"[1]", b"not json", json.dumps({"_type": "other"}).encode(),
                json.dumps({"_type": STATEMENT_TYPE, "subject": [], "predicateType": "p",
                            "predicate": {}}).encode(),
                json.dumps({"_type": STATEMENT_TYPE, "subject": [{"digest": {}}],
                            "predicate": {}}).encode(),
                json.dumps({"_type": STATEMENT_TYPE, "subject": [{"digest": {}}],
                            "predicateType": "p", "predicate": 3}).encode()):
        with pytest.raises(EnvelopeError) as info:
            parse_statement(bad)
        assert info.value.code == "statement_malformed"
