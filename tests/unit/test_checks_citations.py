"""Citations of provisions and titles of instruments (certirag.checks)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks._text import Spans
from certirag.checks.citations import extract_citations, extract_titles


def keys(text: str) -> list[str]:
    return [c.key for c in extract_citations(text, Spans())]


@pytest.mark.parametrize(("text", "expected"), [
    ("s. 124(1ZA)(a)", ["section 124(1za)(a)"]),
    ("section 124(1ZA)(a)", ["section 124(1za)(a)"]),
    ("Section 124 (1ZA) (a)", ["section 124(1za)(a)"]),
    ("ss. 94 and 98", ["section 94", "section 98"]),
    ("sections 94, 95 and 98", ["section 94", "section 95", "section 98"]),
    ("§ 823 Abs. 1 BGB", ["section 823(1)"]),
    ("§ 823(1)", ["section 823(1)"]),
    ("Article 5(1)(b)", ["article 5(1)(b)"]), ("art. 5(1)(b)", ["article 5(1)(b)"]),
    ("reg. 13", ["regulation 13"]), ("regulation 13", ["regulation 13"]),
    ("para. 3 of Sch. 2", ["paragraph 3", "schedule 2"]),
    ("paragraph 3 of Schedule 2", ["paragraph 3", "schedule 2"]),
    ("rule 7", ["rule 7"]), ("clause 4.2", ["clause 4.2"]),
    ("the franchise's 57th season", []), ("It's 5 years", []), ("in 5 sections", []),
])
def test_provisions(text: str, expected: list[str]) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize(("text", "name", "year"), [
    ("under the Employment Rights Act 1996", "employment rights act", 1996),
    ("The Data Protection Act 2018 applies", "data protection act", 2018),
    ("the Working Time Regulations 1998", "working time regulations", 1998),
    ("Regulation (EU) 2016/679", "regulation (eu) 2016/679", None),
    ("Directive 95/46/EC", "directive 95/46/ec", None),
    ("the Equality Act", "equality act", None),
])
def test_titles(text: str, name: str, year: int | None) -> None:
    (t,) = extract_titles(text, Spans())
    assert (t.name, t.year) == (name, year)


def test_no_title_without_a_name() -> None:
    assert extract_titles("Act now. The Act applies.", Spans()) == []
    assert extract_titles("when Bill Gates spoke", Spans()) == []


def codes(claim: str, evidence: str, **kw: object) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], **kw)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("This is governed by s. 124(1ZA)(a).", "This is governed by section 124.",
     ["ungrounded_citation"]),
    ("This is governed by s. 124(1ZA)(a).", "This is governed by section 124(1ZA)(a).", []),
    ("This is governed by section 124.", "This is governed by s. 124(1ZA)(a).", []),
    ("It falls under Article 6(1)(f).", "It falls under Article 6(1)(a).",
     ["ungrounded_citation"]),
    ("It falls under § 823 Abs. 1.", "It falls under § 823(1).", []),
    ("It falls under Article 5.", "It falls under section 5.", ["ungrounded_citation"]),
    ("This is set by the Employment Rights Act 1996.",
     "This is set by the Employment Rights Act 1998.", ["citation_mismatch"]),
    ("This is set by the Employment Rights Act 1996.",
     "This is set by the Employment Rights Act 1996.", []),
    ("This is set by the Employment Rights Act.",
     "This is set by the Employment Rights Act 1996.", []),
    ("This is set by the Employment Rights Act 1996.",
     "This is set by the Employment Rights Act.", ["ungrounded_title"]),
    ("This is set by the Employment Protection Act 1996.",
     "This is set by the Employment Rights Act 1996.", ["ungrounded_title"]),
    ("Consent is covered by Regulation (EU) 2016/679.",
     "Consent is covered by Regulation (EU) 2016/679 (GDPR).", []),
    ("Consent is covered by Regulation (EU) 2016/680.",
     "Consent is covered by Regulation (EU) 2016/679.", ["ungrounded_title"]),
])
def test_citation_findings(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


def test_citation_mismatch_is_a_contradiction_with_the_evidence_year() -> None:
    (f,) = check_claim("It is in the Employment Rights Act 1996.",
                       ["It is in the Employment Rights Act 1998."])
    assert f.kind == "contradiction"
    assert "1998" in f.message and f.text == "Employment Rights Act 1996"


def test_question_never_grounds_citations_or_titles() -> None:
    q = "Does s. 124(1ZA)(a) of the Employment Rights Act 1996 apply?"
    found = check_claim("Yes, s. 124(1ZA)(a) of the Employment Rights Act 1996 applies.",
                        ["It applies."], question=q)
    assert sorted(f.code for f in found) == ["ungrounded_citation", "ungrounded_title"]
