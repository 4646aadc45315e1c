"""Chat replies and quote frames end to end: what a question presupposes and a ranking the
knowledge never gives are withheld even under a model that entails everything; which
cues before a sentence frame it."""

from __future__ import annotations

import pytest

from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier
from certirag.text.frames import quote_frame


def _sure(premise: str, hypothesis: str) -> Scores:
    return Scores(entailment=0.99, neutral=0.005, contradiction=0.005)


@pytest.mark.parametrize(("before", "framed"), [
    ("A fake press release circulated on Tuesday.", True),
    ("The letter was forged.", True),
    ("It's like fake tan has been off the air for a while.", False),
    ("But he was blasted by another user, who called him 'fake' for enjoying food.", False),
])
def test_a_fake_frames_what_follows_only_as_a_thing_that_carries_words(before: str,
                                                                      framed: bool) -> None:
    sentence = "Pale skin icons include the likes of Keira Knightley and Cara Delevingne."
    assert (quote_frame(before, sentence, "") is not None) is framed


def test_a_report_that_trails_its_own_content_frames_nothing_after_it() -> None:
    before = ("A father who died in police custody was handcuffed for six hours and "
              "punched by officers, it was claimed today.")
    sentence = "Kingsley Burrell, 29, was taken into custody on March 27 2011."
    assert quote_frame(before, sentence, "") is None
    # a report that introduces what follows still frames it
    assert quote_frame("It was claimed today that:", sentence, "") is not None


CHAT_KG = ["Zodiac is directed by David Fincher.\n\nZodiac is starring Jake Gyllenhaal.\n\n"
           "Cast Away is starring Tom Hanks",
           "[Human]: Do you like crime films? [Assistant]: I do. [Human]: Any suggestions?"]


@pytest.mark.parametrize(("answer", "code"), [
    # the question presupposes a fact the knowledge puts elsewhere: withheld even where
    # the model would say yes to anything
    ("Have you seen Zodiac with Tom Hanks?", "unbound_anchors"),
    # a ranking the knowledge never gives
    ("Zodiac. Jake Gyllenhaal gives his finest performance in it.", "ungrounded_rank"),
])
def test_v3_withholds_chat_facts_a_sure_model_would_pass(answer: str, code: str) -> None:
    res = verify("Any suggestions?", answer, evidence=CHAT_KG, settings=Settings(),
                 verifier=FakeVerifier(fn=_sure))
    assert res.exit_code() != 0
    assert code in {r.code for c in res.claims for r in c.reasons}


def test_v3_verifies_the_fact_a_faithful_question_presupposes() -> None:
    res = verify("Any suggestions?", "Have you seen Zodiac with Jake Gyllenhaal?",
                 evidence=CHAT_KG, settings=Settings(), verifier=FakeVerifier(fn=_sure))
    (c,) = res.claims
    assert c.claim.text == "Jake Gyllenhaal is in Zodiac."
    assert c.decision == Decision.VERIFIED
