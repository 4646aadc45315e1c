"""A denial the evidence never makes (``certirag.checks.denials``, ``ungrounded_denial``):
caught where no evidence sentence about the claim denies, excludes or limits anything; left
alone where one does, and for the denials other checks read."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim, prepare_evidence
from certirag.claims import extract_claims

MESSI = ["Lionel Messi - member of sports team - Inter Miami CF",
         "Lionel Messi - country of citizenship - Argentina",
         "Inter Miami CF - league - Major League Soccer"]
LEAVE = ("Employees with at least 26 weeks of continuous service are entitled to 16 weeks of "
         "enhanced maternity pay at their full salary. Employees who do not return to work for "
         "at least three months after enhanced maternity pay ends must repay the enhanced "
         "portion. Adoptive parents have the same entitlements as birth parents.")
CLAUSE = ("Clause 12: Limitation of liability. Nothing in this Agreement limits liability for "
          "death or personal injury caused by negligence. Clause 12 survives termination of the "
          "Agreement.")
FILM = "Mulberry is a 1986 drama film directed by Kenji Ito and produced by Toho."
EXAM = "The final exam for CHEM 210 is closed-book. It lasts three hours."
STUDY = ("Astronomers have detected water vapour on the planet. The findings, which have not "
         "yet been peer reviewed, were posted online on Tuesday.")
PETS = ("Since April 2024, Northline no longer accepts pets in the cabin, except for registered "
        "assistance dogs.")
PROFIT = ("Revenue rose 6% to $4.8 billion. Operating profit fell to $310 million from $355 "
          "million.")
JUDGE = "The judge rejected Tallis's separate claim of trade-secret theft."
DRUG = "Children under 12 should not take Vormacet. Adults take one tablet twice a day."
POOL = "The Seaview Hotel has 40 rooms, a restaurant and a gym."


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = evidence if isinstance(evidence, list) else [evidence]
    return [f.code for f in check_claim(claim, ev, question=question)]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Messi doesn't play in Major League Soccer.", MESSI),  # stated only positively
    ("Adopters do not get enhanced maternity pay.", LEAVE),  # "who do not return": a case
    ("Clause 12 stops applying once the Agreement is terminated.", CLAUSE),
    ("The director of Mulberry is not specified.", FILM),
    ("Mulberry was never released in cinemas.", FILM),
    ("The Seaview Hotel does not have a swimming pool.", POOL),
])
def test_a_denial_no_evidence_sentence_grounds_is_withheld(claim: str,
                                                           evidence: str | list[str]) -> None:
    assert "ungrounded_denial" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Clause 12 survives termination of the Agreement.", CLAUSE),  # no denial
    ("Vormacet should not be given to children under 12.", DRUG),  # the same denial
    ("My 9-year-old cannot take Vormacet.", DRUG),  # the same denied words
    ("The CHEM 210 final is not open-book.", EXAM),  # "closed-book"
    ("The study has not been peer reviewed.", STUDY),  # ", which have not": asserted
    ("You cannot bring your cat in the cabin.", PETS),  # "no longer", "except"
    ("The court did not accept Tallis's trade-secret claim.", JUDGE),  # "rejected"
    ("Operating profit did not rise.", PROFIT),  # the antonym: "fell"
])
def test_a_denial_the_evidence_grounds_passes(claim: str, evidence: str) -> None:
    assert "ungrounded_denial" not in codes(claim, evidence)


@pytest.mark.parametrize("claim", [
    "If you are not a member, you can swim on weekdays.",  # a condition of the claim
    "Kenji Ito and Toho are not both Japanese.",  # a pair
    "Mulberry and Ran are not the same genre.",
    "Mulberry is not longer than Ran.",  # a comparison
    "Mulberry is not the biggest film of 1986.",
    "Not yet, it was released in 1986.",  # an elliptical answer
    "Kenji Ito directed Never Let Me Go.",  # a title's word
    "Not Counting You is a song by which artist? Kenji Ito",  # a question asks
    "No problem, enjoy Mulberry!",  # a chat formula
    "[Withheld: not verified.]",  # a bracketed note
])
def test_denials_other_checks_read_are_left_alone(claim: str) -> None:
    assert "ungrounded_denial" not in codes(claim, FILM)


@pytest.mark.parametrize("answer", [
    "I'm not sure, but Mulberry was released in 1986.",
    "I haven't seen it, but Mulberry was released in 1986.",
    "I don't have much information about it, but Mulberry was released in 1986.",
])
def test_the_speakers_own_state_never_reaches_the_check(answer: str) -> None:
    """The claim rules take the speaker's doubt off the claim; what is left denies
    nothing."""
    claims = extract_claims(answer, question="When was Mulberry released?")
    assert [(c.text, c.kind) for c in claims] == [("Mulberry was released in 1986.", "claim")]
    assert codes(claims[0].text, FILM) == []


def test_a_companys_we_is_read() -> None:
    """The speaker as a company states a fact: "We do not charge …" needs a denial."""
    assert "ungrounded_denial" in codes("We do not charge for delivery.",
                                        "Standard delivery costs £3.95 within the UK.")
    assert "ungrounded_denial" not in codes(
        "We do not charge for delivery.", "Standard delivery costs nothing: we do not charge "
        "for it.")


def test_a_denied_title_is_no_ungrounded_title() -> None:
    """Evidence that never mentions an act cannot ground its denial; the title it denies
    is not one the claim asserts."""
    assert codes("The Family Rights Act 1996 does not exist.",
                 "The Children Act 1989 governs parental responsibility.") == [
        "ungrounded_denial"]


def test_a_denial_the_evidence_contradicts_has_one_finding() -> None:
    assert codes("Contractors do not receive the annual bonus.",
                 "Contractors receive the annual bonus in March.") == ["negation_mismatch"]


def test_a_modal_denial_is_the_modal_checks() -> None:
    assert codes("Members need not register.", "Members must register.") == [
        "modal_mismatch"]
    assert "ungrounded_denial" not in codes("Messi cannot play in Major League Soccer.",
                                            MESSI)


def test_a_span_is_not_read_for_it() -> None:
    """On a span the grounding sentence may lie outside it: the whole evidence decides."""
    span = prepare_evidence(MESSI[:1])
    span.partial = True
    found = check_claim("Messi doesn't play in Major League Soccer.", span)
    assert "ungrounded_denial" not in [f.code for f in found]
    assert "ungrounded_denial" in codes("Messi doesn't play in Major League Soccer.", MESSI[:1])


def test_the_finding_names_the_denial() -> None:
    (f,) = [f for f in check_claim("Messi doesn't play in Major League Soccer.", MESSI)
            if f.code == "ungrounded_denial"]
    assert f.kind == "ungrounded"
    assert f.text.startswith("n't play")
    assert "'play major'" in f.message
