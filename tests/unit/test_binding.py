"""Binding spans and policy v3 with deterministic fakes (quote frames: test_quote_frames.py)."""

from __future__ import annotations

import pytest

from certirag.bound import BIND_MAX_CHARS, binding_finding
from certirag.checks import check_claim
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Evidence, Scores
from certirag.testing import FakeVerifier
from certirag.text.frames import quote_frame
from certirag.verifiers.binding import (
    MAX_SENTENCES,
    claim_anchors,
    evidence_sentences,
    plan_windows,
)

OFFICES = (
    "The company has offices in ten cities. Tom Becker runs the Hamburg office. He joined "
    "in 2010. Sales grew by 12% in 2023. The board met in March. Anna Berg runs the Oslo "
    "office. She joined in 2015. The Oslo office has 40 staff. The Hamburg office has 55 "
    "staff. Profits were flat."
)


def plan(claim: str, *evidence: str):  # type: ignore[no-untyped-def]
    return plan_windows(claim, list(evidence or [OFFICES]), top=4, max_chars=BIND_MAX_CHARS)


def test_anchors_are_names_figures_and_dates() -> None:
    kinds = {(a.kind, a.text) for a in claim_anchors("Tom Becker joined Acme in 2010 for £5,000.")}
    assert ("name", "Tom Becker") in kinds and ("date", "2010") in kinds
    assert any(k.startswith("money") for k, _ in kinds)


@pytest.mark.parametrize("claim", [
    "Tom Becker runs the Oslo office.",     # a name borrowed from another sentence
    "Anna Berg runs the Hamburg office.",
    "Anna Berg joined in 2010.",            # a date borrowed from a pronoun's sentence
    "The Oslo office has 55 staff.",        # a figure borrowed from another sentence
    "The Hamburg office has 40 staff.",
])
def test_scattered_anchors_bind_nothing(claim: str) -> None:
    p = plan(claim)
    assert p.windows == [] and p.unbound, claim
    finding = binding_finding(claim, [OFFICES])
    assert finding is not None and finding.code == "unbound_anchors"
    assert finding.kind == "ungrounded"


PLANS = ("The Starter plan allows 2 projects and 5 GB of storage. The Team plan allows 20 "
         "projects and 100 GB of storage. The Enterprise plan has unlimited projects.")


def test_a_first_word_the_evidence_capitalises_is_a_name() -> None:
    # "Starter" opens the claim, so only the evidence tells that it is a name
    assert "Starter" in {a.text for a in plan("Starter gives you 100 GB.", PLANS).anchors}
    finding = binding_finding("Starter gives you 100 GB of storage.", [PLANS])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("Starter gives you 5 GB of storage.", [PLANS]) is None
    # a first word the evidence writes in lower case, or a function word, is no name
    assert {a.kind for a in plan("Storage is 100 GB on Team.", PLANS).anchors} == {"name",
                                                                                    "data"}
    assert "Storage" not in {a.text for a in plan("Storage is 100 GB on Team.", PLANS).anchors}
    assert "The" not in {a.text for a in plan("The Team plan has 100 GB.", PLANS).anchors}
    # only where the word's sentence states a value of the claim's kind: a title does not
    school = ("Admissions policy for Larkfield Primary School, 2025 entry. The school has 60 "
              "places in its Reception year. Offers are made within 20 school days.")
    assert "Larkfield" not in {a.text for a in plan("Larkfield has 20 Reception places.",
                                                      school).anchors}
    # nor where the claim names someone already
    assert [a.text for a in plan("Haaland is at Manchester City.",
                                 "Erling Haaland plays for Manchester City.").anchors
            if a.kind == "name"] == ["Manchester City"]


@pytest.mark.parametrize("claim, needs", [
    ("Tom Becker runs the Hamburg office.", {"Tom Becker runs the Hamburg office."}),
    # a pronoun brings the sentence it refers to
    ("Tom Becker, who joined in 2010, runs the Hamburg office.",
     {"Tom Becker runs the Hamburg office.", "He joined in 2010."}),
    # two sentences that share an anchor fuse
    ("The Oslo office, run by Anna Berg, has 40 staff.",
     {"Anna Berg runs the Oslo office.", "The Oslo office has 40 staff."}),
])
def test_a_binding_span_holds_every_anchor(claim: str, needs: set[str]) -> None:
    p = plan(claim)
    assert p.windows, claim
    best = p.windows[0]
    assert needs <= {s.text for s in best.sentences}
    assert len(best.sentences) <= MAX_SENTENCES
    assert best.text == " ".join(s.text for s in best.sentences)
    assert binding_finding(claim, [OFFICES]) is None


def test_non_adjacent_sentences_fuse_and_keep_their_offsets() -> None:
    ev = ("Greenfield Energy was founded in 2005 in Leeds. It employs 300 people. Its shares "
          "trade in London. The company went public in 2016.")
    p = plan("Greenfield Energy, founded in Leeds in 2005, went public in 2016.", ev)
    assert p.windows
    for s in p.windows[0].sentences:
        assert ev[s.start:s.end] == s.text


def test_a_pronoun_never_loses_its_antecedent() -> None:
    for w in plan("Anna Berg joined in 2015.").windows:
        texts = [s.text for s in w.sentences]
        if "She joined in 2015." in texts:
            assert "Anna Berg runs the Oslo office." in texts


FILM = ("Inception is a 2010 science fiction film written and directed by Christopher Nolan. "
        "It stars Leonardo DiCaprio as a thief who steals secrets.")


def test_a_pronoun_inherits_the_subject_it_names_not_every_name_before_it() -> None:
    # "It" is Inception: the second sentence, read resolved, binds a claim about its cast
    windows = [w.text for w in plan("Leonardo DiCaprio stars as a thief in Inception.",
                                    FILM).windows]
    assert "Inception stars Leonardo DiCaprio as a thief who steals secrets." in windows
    # but never one that gives its predicate to the director of the sentence before
    for w in plan("Christopher Nolan stars as a thief in Inception.", FILM).windows:
        assert w.text != "Inception stars Leonardo DiCaprio as a thief who steals secrets."
        assert "Christopher Nolan" in w.text
    # a personal pronoun after a sentence with a named subject is that person
    people = "Anna Berg hired Tom Becker in 2010. She runs the Oslo office."
    assert "Anna Berg runs the Oslo office." in [
        w.text for w in plan("Anna Berg runs the Oslo office.", people).windows]
    assert "Tom Becker runs the Oslo office." not in [
        w.text for w in plan("Tom Becker runs the Oslo office.", people).windows]


def test_claims_without_anchors_are_left_to_the_model() -> None:
    p = plan("Profits did not change.")
    assert p.required == [] and p.windows
    assert p.windows[0].text == "Profits were flat."


def test_planning_is_deterministic_and_bounded() -> None:
    a = plan("Tom Becker, who joined in 2010, runs the Hamburg office.")
    b = plan("Tom Becker, who joined in 2010, runs the Hamburg office.")
    assert [w.text for w in a.windows] == [w.text for w in b.windows]
    long = " ".join(f"Sentence number {i} mentions Berlin." for i in range(400))
    p = plan_windows("Berlin is mentioned.", [long], top=4, max_chars=200)
    assert all(len(w.text) <= 200 for w in p.windows)
    assert all(len(s.text) <= 200 for s in evidence_sentences(["x " * 500], max_chars=200))


# ----------------------------------------------------------------- policy v3 end to end

def _sure(premise: str, hypothesis: str) -> Scores:
    return Scores(entailment=0.99, neutral=0.005, contradiction=0.005)


def test_v3_withholds_scattered_anchors_unscored() -> None:
    # the year of the other person's sentence ("She joined in 2015."): a pronoun may be the
    # claim's name, so no check reads it as borrowed, and no span binds both anchors
    fake = FakeVerifier(fn=_sure)
    res = verify("", "Tom Becker joined in 2015.", evidence=[OFFICES],
                 settings=Settings(), verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED
    assert [r.code for r in c.reasons] == ["unbound_anchors"]
    assert c.scores is None and fake.calls == []


def test_a_value_of_another_named_thing_is_blocked_before_binding() -> None:
    # "The Hamburg office has 55 staff." beside "The Oslo office has 40 staff.": the check
    # blocks the borrowed value (certirag.checks.borrowed); the model is not asked
    fake = FakeVerifier(fn=_sure)
    res = verify("", "The Oslo office has 55 staff.", evidence=[OFFICES],
                 settings=Settings(), verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.BLOCKED
    assert [r.code for r in c.reasons] == ["value_swap"]
    assert c.scores is None and fake.calls == []


def _fused_only(premise: str, hypothesis: str) -> Scores:
    if "He joined" in premise:  # the pair as it stands, not the resolved sentence
        return _sure(premise, hypothesis)
    return Scores(entailment=0.1, neutral=0.8, contradiction=0.1)


def test_v3_records_every_sentence_of_the_binding_span() -> None:
    fake = FakeVerifier(fn=_fused_only)
    res = verify("", "Tom Becker joined in 2010.", evidence=[{"id": "hr", "text": OFFICES}],
                 settings=Settings(), verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED
    assert [e.text for e in c.evidence] == ["Tom Becker runs the Hamburg office.",
                                            "He joined in 2010."]
    for e in c.evidence:
        assert OFFICES[e.start:e.end] == e.text and e.doc_id == "hr"
    # the pronoun's sentence alone, read resolved, was a span too
    assert ("Tom Becker joined in 2010.", "Tom Becker joined in 2010.") in fake.calls[0]


def test_v3_checks_the_claim_against_its_span_not_the_whole_evidence() -> None:
    from certirag.bound import span_findings
    from certirag.checks import CheckOptions

    ev = "The standard room costs £120 per night. The suite costs £300 per night."
    passage = Evidence(doc_id="d", text=ev, start=0, end=len(ev))
    first = Evidence(doc_id="d", start=0, end=39, text=ev[:39])
    found = span_findings("The standard room costs £300 per night.", [first], [passage],
                          question="", options=CheckOptions())
    assert [f.code for f in found] == ["ungrounded_figure"]  # £300 is elsewhere, not here
    assert span_findings("The standard room costs £120 per night.", [first], [passage],
                         question="", options=CheckOptions()) == []


def test_v3_refuted_quote_is_withheld() -> None:
    ev = ("A rumour spread on social media last week. The bank will close all branches in "
          "2026. The bank said this is false.")
    res = verify("", "The bank will close all branches in 2026.", evidence=[ev],
                 settings=Settings(), verifier=FakeVerifier(fn=_sure))
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED
    assert "quote_framed" in [r.code for r in c.reasons]


def test_v3_certificates_rederive_binding_decisions(tmp_path: object) -> None:
    from certirag.certify import issue_certificate
    from certirag.certify.keys import Signer

    settings = Settings(display="mixed")
    answer = ("Tom Becker, who joined in 2010, runs the Hamburg office. Anna Berg joined in "
              "2010. Anna Berg runs the Oslo office. Tom Becker runs the Oslo office.")
    res = verify("", answer, evidence=[OFFICES], settings=settings,
                 verifier=FakeVerifier(fn=_sure))
    codes = [[r.code for r in c.reasons] for c in res.claims]
    assert ["unbound_anchors"] in codes and ["quoted"] in codes and ["entailed"] in codes
    # the office the evidence gives Anna Berg, given to Tom Becker: a contradiction
    assert ["holder_mismatch"] in codes
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = cert.verify(signer.public_key)
    assert check.valid, check.failures


def test_a_rival_counts_only_in_the_place_the_claim_gives_the_anchor() -> None:
    # news sentences are full of other names: one in another role is no rival
    ev = ("Police in Leeds said on Monday that the FBI had joined the search. Agents "
          "tracked the suspect to Cancun, where he had been staying with friends.")
    p = plan("The FBI tracked the suspect to Cancun.", ev)
    assert p.windows and not p.unbound
    # the same shape with the place swapped is still a rival
    assert plan("Tom Becker runs the Oslo office.").unbound


def test_a_bridge_entity_links_two_sentences() -> None:
    # multi-hop: the answer's sentence and the subject's sentence share "Damageplan"
    ev = ("Darrell Abbott was an American guitarist who co-founded Damageplan with his "
          "brother. Damageplan was a heavy metal band from Dallas, formed in 2003.")
    p = plan("Darrell Abbott co-founded Damageplan, which was formed in 2003.", ev)
    assert p.windows and not p.unbound


def test_a_chain_through_a_shared_anchor_does_not_excuse_a_rival() -> None:
    ev = " ".join(f"Sentence {i} says that office {i} in Berlin has {i} staff."
                  for i in range(30))
    p = plan("Office 18 in Berlin has 19 staff.", ev)
    assert p.windows == [] and p.unbound  # 18 and 19 share only "Berlin"
    assert plan("Office 18 in Berlin has 18 staff.", ev).windows


def test_v3_a_failing_binding_or_span_rule_withholds_with_check_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import certirag.bound as bound

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("rule bug")

    for name in ("plan_claim", "span_findings"):
        with monkeypatch.context() as m:
            m.setattr(bound, name, boom)
            res = verify("", "Tom Becker runs the Hamburg office.", evidence=[OFFICES],
                         settings=Settings(), verifier=FakeVerifier(fn=_sure))
            (c,) = res.claims
            assert c.decision == Decision.UNVERIFIED, name
            assert [r.code for r in c.reasons] == ["check_error"], name


@pytest.mark.parametrize("claim", [
    "Who runs the Oslo office? Tom Becker",   # the answer's own anchor meets a rival
    "Who runs the Hamburg office? Anna Berg",
    "How many staff does the Oslo office have? 55 staff",
])
def test_a_question_read_with_its_answer_still_binds_the_answer(claim: str) -> None:
    p = plan(claim)
    assert p.windows == [] and p.unbound, claim


def test_a_multi_hop_question_binds_the_answer_with_part_of_the_question() -> None:
    # the question's anchors sit in two passages joined by a bridge ("Donna Tartt");
    # the answer's sentence holds the answer and the prize, not the first novel
    ev = ["Donna Tartt is an American novelist. Her first novel, The Secret History, "
          "appeared in 1992.",
          "The Goldfinch is the third novel by Donna Tartt. It won the Pulitzer Prize "
          "for Fiction in 2014."]
    p = plan("For which novel did the author of The Secret History win the Pulitzer "
             "Prize? The Goldfinch", *ev)
    assert p.windows and not p.unbound
    assert any("The Goldfinch" in w.text for w in p.windows)
    # an answer the evidence does not tie to the question's anchors still binds nothing
    q = plan("For which novel did the author of The Secret History win the Pulitzer "
             "Prize? Donna Tartt's The Little Friend", *ev)
    assert not any("Little Friend" in w.text for w in q.windows)


def test_the_choice_the_answer_did_not_pick_is_no_anchor() -> None:
    names = {a.text for a in claim_anchors(
        "Which documentary focused on the Vietnam War, The Anderson Platoon or Saigon, "
        "U.S.A.? The Anderson Platoon")}
    assert "Saigon" not in names and "Anderson Platoon" in names
    # a comparison needs both sides
    names = {a.text for a in claim_anchors("Who is older, John Smith or Mary Jones? Mary Jones")}
    assert names == {"John Smith", "Mary Jones"}


def test_the_two_sides_of_a_choice_stated_apart_are_a_comparison_not_scattered() -> None:
    ev = ("Relient K is an American rock band formed in 1998 in Canton, Ohio. The Primitives "
          "are an English indie pop band from Coventry. Formed in 1984, the band has two "
          "constant members.")
    p = plan("Which band was formed first, Relient K or The Primitives? The Primitives", ev)
    assert p.windows and not p.unbound
    # a scattered anchor outside the choice still binds nothing
    assert plan("Who runs the Oslo office, Tom Becker or Ole Nordmann? Tom Becker").unbound


def test_the_noun_a_sentence_introduced_speaks_of_its_subject_as_a_pronoun_does() -> None:
    ev = ("The Blue Birds were an English rock band. The Red Kites are an English rock band "
          "formed in Leicester. The band's members are Tom Meighan and Chris Edwards.")
    # "The band's" is the Red Kites': the Blue Birds never go with its members
    assert plan("The Blue Birds' members are Tom Meighan and Chris Edwards.", ev).windows == []
    assert plan("The Red Kites' members are Tom Meighan and Chris Edwards.", ev).windows


def test_the_span_check_leaves_whether_a_name_is_mentioned_to_the_whole_evidence() -> None:
    from certirag.bound import span_findings
    from certirag.checks import CheckOptions

    ev = ("Ronnie O'Sullivan won the award in 2013. O'Sullivan is based at the Legends "
          "Snooker Academy.")
    passage = Evidence(doc_id="d", text=ev, start=0, end=len(ev))
    second = Evidence(doc_id="d", start=41, end=len(ev), text=ev[41:])
    found = span_findings("Ronnie O'Sullivan is based at the Legends Snooker Academy.",
                          [second], [passage], question="", options=CheckOptions())
    assert found == []


HOTEL = ("The Lakeside Hotel offers three room types. A standard double room costs £95 per "
         "night. A superior room with a lake view costs £140 per night. The family suite "
         "costs £210 per night and sleeps up to four guests.")


@pytest.mark.parametrize(("claim", "borrowed"), [
    # one value, no second anchor: the value's sentence speaks of another room
    ("A superior room with a lake view costs £95 per night.", True),
    ("The family suite costs £140 per night and sleeps up to four guests.", True),
    ("A superior room with a lake view costs £140 per night.", False),
    ("A standard double room costs £95 per night.", False),
    ("Rooms cost £95 per night.", False),  # nothing names another subject more fully
])
def test_a_value_borrowed_from_another_subjects_sentence_binds_nothing(
        claim: str, borrowed: bool) -> None:
    finding = binding_finding(claim, [HOTEL])
    assert (finding is not None) == borrowed, claim
    if borrowed:
        assert finding is not None and "for something else" in finding.message


def test_a_value_borrowed_from_another_line_of_a_list_binds_nothing() -> None:
    fees = "Court fees:\n- Filing fee: £50\n- Hearing fee: £100\n- Total: £150"
    finding = binding_finding("The hearing fee is £150.", [fees])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("The hearing fee is £100.", [fees]) is None


def test_a_heading_that_ends_with_a_colon_is_no_frame() -> None:
    assert quote_frame("Court fees:", "- Filing fee: £50", "- Hearing fee: £100") is None
    res = verify("", "The filing fee is £50.", settings=Settings(),
                 evidence=["Court fees:\n- Filing fee: £50\n- Hearing fee: £100"],
                 verifier=FakeVerifier(fn=_sure))
    assert [c.decision for c in res.claims] == [Decision.VERIFIED]


def _withheld_before_the_model(claim: str, evidence: str) -> bool:
    """A finding of the deterministic check, or no span that binds the claim."""
    return bool(check_claim(claim, [evidence])) or binding_finding(claim, [evidence]) is not None


_FAMILY = ("Tracey Taylor, 34, caused more than £13,000 worth of damage to two cars. She had "
           "struggled to come to terms with the end of the relationship with the father of "
           "her two daughters, aged 12 and four, and a 15-year-old son. The judge spared her "
           "jail.")
_ATTACK = ("The family slept as the intruder came in. The culprit was 19-year-old Harley Hicks, "
           "who bashed baby Zayden more than 30 times. Zayden was a 10-month-old boy.")


@pytest.mark.parametrize("claim, evidence", [
    # "a 15-year-old son" states the 15 of "a son aged 15"
    ("The couple have two daughters aged 12 and four, and a son aged 15.", _FAMILY),
    # the claim's own age ("Harley Hicks, 19,") is no rival of the baby's age
    ("Harley Hicks, 19, attacked the 10-month-old baby.", _ATTACK),
])
def test_an_age_binds_in_either_form(claim: str, evidence: str) -> None:
    assert binding_finding(claim, [evidence]) is None
    assert check_claim(claim, [evidence]) == []


@pytest.mark.parametrize("claim, evidence", [
    ("The couple have two daughters aged 12 and four, and a son aged 16.", _FAMILY),
    ("Harley Hicks, 19, attacked the 11-month-old baby.", _ATTACK),
    ("Harley Hicks, 18, attacked the 10-month-old baby.", _ATTACK),
])
def test_a_changed_age_is_still_caught(claim: str, evidence: str) -> None:
    assert _withheld_before_the_model(claim, evidence)


_GEMINI = ("Gemini 7 was launched in December 1965. The spacecraft orbited Earth 206 times. "
           "It carried two astronauts, Frank Borman and Jim Lovell. Gemini 6A orbited Earth 16 "
           "times.")


def test_the_claims_own_value_stated_once_rivals_nothing() -> None:
    # "orbited Earth 206 times": the 206 is in its own place, not in the place of "two"
    claim = "Gemini 7 orbited Earth 206 times with two astronauts on board."
    assert binding_finding(claim, [_GEMINI]) is None
    assert check_claim(claim, [_GEMINI]) == []


@pytest.mark.parametrize("claim", [
    "Gemini 7 orbited Earth 16 times with two astronauts on board.",
    "Gemini 7 orbited Earth 206 times with three astronauts on board.",
])
def test_a_value_from_elsewhere_is_still_caught_beside_the_claims_own(claim: str) -> None:
    assert _withheld_before_the_model(claim, _GEMINI)


_NATIONS = ("Andranik Eskandarian (born 31 December 1951 in Tehran) is a former "
            "Iranian-American footballer. Kenneth \"Ken\" Davitian (born June 19, 1953) is an "
            "American comedian, best known for his role in the film Borat.")


@pytest.mark.parametrize("claim", [
    "Andranik Eskandarian and Ken Davitian share American nationality.",
    "Andranik Eskandarian and Ken Davitian are both American.",
])
def test_a_predicate_stated_of_both_names_binds(claim: str) -> None:
    assert binding_finding(claim, [_NATIONS]) is None


@pytest.mark.parametrize("claim", [
    "Andranik Eskandarian and Ken Davitian share Iranian nationality.",
    "Andranik Eskandarian and Ken Davitian are both Iranian.",
    "Ken Davitian and Andranik Eskandarian were both footballers.",
])
def test_a_predicate_stated_of_one_name_only_is_unbound(claim: str) -> None:
    found = binding_finding(claim, [_NATIONS])
    assert found is not None and found.code == "unbound_anchors"
    assert "only" in found.message


def test_a_pronoun_sentence_too_long_to_join_its_antecedent_is_a_span_alone() -> None:
    before = ("Steve Nelms, a father of two from Texas, worked out what his wife's work at "
              "home would cost " + "and counted every chore she does in a week, " * 12
              + "in a blog post.")
    after = ("After adding that his wife helps deal with the family's finances, he concludes "
             "that his wife's annual salary should be $73,960.")
    evidence = f"{before} {after}"
    assert len(evidence) > BIND_MAX_CHARS
    claim = "Nelms concludes that his wife's annual salary should be $73,960."
    assert binding_finding(claim, [evidence]) is None
    assert check_claim(claim.replace("73,960", "74,960"), [evidence])


@pytest.mark.parametrize("claim", [
    # a negated claim states the evidence's one-sidedness itself
    "Andranik Eskandarian and Ken Davitian are not both Iranian.",
    # an answer read with its question may spell out what the evidence abbreviates
    "Andranik Eskandarian and Ken Davitian, share which nationality? Iranian",
    # a predicate the evidence never words is the model's to judge
    "Andranik Eskandarian and Ken Davitian share a passion for chess.",
])
def test_the_shared_predicate_rule_leaves_these_to_the_model(claim: str) -> None:
    found = binding_finding(claim, [_NATIONS])
    assert found is None or "only" not in found.message


def test_the_sentence_a_claim_takes_its_words_from_is_frame_checked_too() -> None:
    from certirag.bound import span_findings
    from certirag.checks import CheckOptions

    ev = ("Ms Harlow had been dismissed in March 2021 after she raised concerns. The tribunal "
          "found that she made a protected disclosure. Penrith Logistics argued that she was "
          "dismissed for repeated lateness.")
    passage = Evidence(doc_id="d", text=ev, start=0, end=len(ev))
    end = ev.index("concerns.") + len("concerns.")
    first = Evidence(doc_id="d", start=0, end=end, text=ev[:end])
    found = span_findings("Ms Harlow was dismissed for repeated lateness.", [first], [passage],
                          question="", options=CheckOptions())
    assert [f.code for f in found] == ["quote_framed"]
    assert found[0].evidence_text is not None and "argued" in found[0].evidence_text
    # a claim its span says as much of as any other sentence is read on the span alone
    assert span_findings("Ms Harlow was dismissed in March 2021.", [first], [passage],
                         question="", options=CheckOptions()) == []
