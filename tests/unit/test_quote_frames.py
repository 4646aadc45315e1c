"""Quote frames: a sentence the passage around it refutes, denies, gives to a doubter or
frames as a rumour, myth or hypothesis (:func:`certirag.text.frames.quote_frame`), and
the neighbourhood of a span those frames are read in (:func:`certirag.bound.neighbourhood`).
Split from ``test_binding.py``, which holds the binding spans and policy v3."""

from __future__ import annotations

import pytest

from certirag.bound import neighbourhood
from certirag.schemas import Evidence
from certirag.text.frames import quote_frame


@pytest.mark.parametrize("before, sentence, after", [
    ("A rumour spread on social media last week.", "The bank will close all branches.",
     "The bank said this is false."),
    ("", "Myth: vaccines cause autism.", ""),
    ("Critics of the plan made one claim repeatedly.", "The plan will cost £4 billion.", ""),
    ("The defendant claimed the following in his statement.", "He was in Leeds.", ""),
    ("Some employees believe that sick days become holiday.", "Sick days become holiday.",
     ""),
    ("Consider a hypothetical scenario.", "Interest rates rise to 9%.", ""),
    ("", "He allegedly took £5,000 from the till.", ""),
    ("", "The bank will close.", "This is not true, the bank said."),
    ("", "The bank will close.", "The bank said this is false."),
    ("", "The mayor resigned.", "The court found this claim to be false."),
    ("", "The bank will close.", "The report later turned out to be false."),
    ("", "The bank will close.", "Police said there was no truth in it."),
    ("", "The bank will close.", "The newspaper retracted the story on Friday."),
    ("", "The data centre was flooded in 2022.", "This scenario is fictional."),
    ("", "The mayor will resign in May.", "The mayor denied the report."),
    ("A fake press release circulated on Tuesday.", "Orion Motors recalled 50,000 cars.",
     "Orion Motors said it did not issue the release."),
    # a popular belief, and research or a correction that points back to it
    ("", "Many people believe that vitamin C cures the common cold.", ""),
    ("", "It is widely believed that the bridge was built in 1850.", ""),
    ("", "Vitamin C cures the common cold.", "Clinical trials have found no such effect."),
    ("", "The drug was approved in 2019, according to an early draft.",
     "The final report corrected this: approval came in 2021."),
    # a view some put, and its rejection pointing back to it
    ("", "Some commentators have argued that landlords can keep the deposit.", ""),
    ("", "Landlords can keep the deposit for any damage.",
     "The court of appeal rejected that view in 2021."),
    ("", "Rates will fall in May.", "The central bank dismissed that suggestion."),
    # a denial that carries what it denies
    ("", "It is a myth that goldfish have a memory of only three seconds.", ""),
    ("", "The claim that dogs see only in black and white has been debunked.", ""),
    ("", "There is no evidence that feeding rabbits carrots daily is healthy.", ""),
    ("", "It's a common misconception that bats are blind.", ""),
    # one side's argument, and a judgement in someone's quoted words
    ("", "Penrith Logistics argued that she was dismissed for repeated lateness.", ""),
    ("", "The landlord contends that the deposit was returned.", ""),
    ("", "Critic Helen Marsh called its tasting menu 'the best in the city'.", ""),
])
def test_quote_frames_are_found(before: str, sentence: str, after: str) -> None:
    assert quote_frame(before, sentence, after) is not None


@pytest.mark.parametrize("before, sentence, after", [
    ("The bank reported results on Monday.", "The bank will close 12 branches in 2026.",
     "Staff were told on Tuesday."),
    ("", "Vaccines are tested in three phases.", "Each phase has more volunteers."),
    ("", "The claim that the plan saves money was confirmed by auditors.", ""),
    ("", "There is evidence that exercise helps.", ""),
    ("", "The team showed that the plan was sound.", ""),
])
def test_plain_sentences_have_no_frame(before: str, sentence: str, after: str) -> None:
    assert quote_frame(before, sentence, after) is None


@pytest.mark.parametrize("before, sentence, after", [
    # a cue word that introduces nothing
    ("He claimed the title in 2010.", "He retired in 2014.", ""),
    ("The alleged kidnapper fled.", "Police found the child on Friday.", ""),
    ("", "He was charged with fraud.", "He denied wrongdoing at the hearing."),
    # a report with a content of its own, a denial of something else (news articles)
    ("Critics claimed that the plan would fail.", "The plan will cost £4 billion.", ""),
    ("Vijay claims that he posed as a black man in 1998 to get into medical school.",
     "The brother of Mindy Kaling was accepted into a medical school in St. Louis.", ""),
    ("He is also alleged to have told a contact that teams would fix a game.",
     "Facey's former clubs include Hull City and West Bromwich Albion.", ""),
    ("The wine won rave reviews from critics.", "Marks and Spencer is stocking the wine.",
     ""),
    ("He told Time they believed he was convicted as part of a conspiracy by the U.S.",
     "His uncle said the attack left three dead.", ""),
    ("Can only imagine the pain his family feels.", "Big Boi tweeted a black square.", ""),
    ("", "Lucas dropped plans for a studio complex in 2012.",
     "A spokesman said they did not want to be seen as an evil empire."),
    ("", "She looks almost unrecognisable in the fashion spread.",
     "Clinton says that though the US is the land of opportunity, that is not true about "
     "gender."),
    ("", "She was rushed to hospital.", "Doctors saw something was wrong straight away."),
    ("", "Stiviano testified on Monday.", "She denied that she used sex to manipulate him."),
    ("", "The drug was approved in 2019.", "There is no such risk for children, doctors said."),
    # a label that carries its own content: what follows is the truth it sets against it
    ("It is a myth that goldfish have a memory of only three seconds.",
     "Studies show goldfish can remember things for months.", ""),
    # a label inside a report of the offence names the offence
    ("Zoe Gregory pleaded guilty to sending an email hoax to blow up the school.",
     "She hijacked a pupil's email account.", ""),
])
def test_a_cue_word_that_frames_nothing_is_no_frame(before: str, sentence: str,
                                                    after: str) -> None:
    assert quote_frame(before, sentence, after) is None


def test_an_adverb_frames_what_it_governs() -> None:
    sentence = "Mohamud was arrested at home for allegedly providing support to terrorists."
    assert quote_frame("", sentence, "", "Mohamud provided support to terrorists.") is not None
    sentence = "The brawl broke out on Friday and was allegedly caused by an argument."
    assert quote_frame("", sentence, "", "A brawl broke out on Friday.") is None
    assert quote_frame("", sentence, "", "The brawl was caused by an argument.") is not None
    # a claim that quotes the governed words gives them as someone's words, as the
    # sentence does; a quoted word or two does not
    sentence = "Lehnardt, 35, allegedly allowed her daughter's friends to drink alcohol."
    assert quote_frame("", sentence, "",
                       "Lehnardt 'allowed her daughter's friends to drink alcohol'") is None
    assert quote_frame("", sentence, "",
                       "Lehnardt's 'party' let her daughter's friends drink alcohol.") is not None
    sentence = "Many fans believe the striker will stay, but he signed for Milan on Monday."
    assert quote_frame("", sentence, "", "The striker signed for Milan on Monday.") is None
    assert quote_frame("", sentence, "", "The striker will stay.") is not None


def test_a_claim_that_reports_the_frame_says_what_the_passage_says() -> None:
    before, sentence = "Prosecutors claimed that he lied.", "He allegedly took £5,000."
    assert quote_frame(before, sentence, "", "He allegedly took £5,000.") is None
    assert quote_frame(before, sentence, "", "He took £5,000.") is not None
    assert quote_frame("A rumour spread on Monday.", "The bank will close.", "",
                       "The bank will close.") is not None
    belief = "Many people believe that vitamin C cures the common cold."
    assert quote_frame("", belief, "", belief) is None
    assert quote_frame("", belief, "", "Vitamin C cures the common cold.") is not None


def test_a_judgement_in_quoted_words_frames_what_it_judges() -> None:
    sentence = ("Critic Helen Marsh of the Evening Post called its tasting menu 'the best in "
                "the city'.")
    assert quote_frame("", sentence, "",
                       "The Gilded Sparrow serves the best tasting menu in the city.") is not None
    # a claim that says who insisted on it reports the insistence
    insisted = "Ms Fernando has insisted that her comments were 'taken out of context'."
    assert quote_frame("", insisted, "",
                       "Ms Fernando insisted her comments had been taken out of context.") is None
    assert quote_frame("", insisted, "", "Her comments were taken out of context.") is not None
    # a claim that says who called it so, or keeps the quotation, reports the judgement
    assert quote_frame("", sentence, "",
                       "Helen Marsh called its tasting menu the best in the city.") is None
    assert quote_frame("", sentence, "",
                       "Its tasting menu is 'the best in the city', a critic says.") is None
    # a name given in quotation marks is no judgement
    assert quote_frame("", 'Trip hop (sometimes called "downtempo") originated in the early '
                       "1990s.", "", "Trip hop originated in the early 1990s.") is None
    assert quote_frame("", "A Newfoundland is also often called a 'landseer' in Britain.", "",
                       "A Newfoundland is a landseer in Britain.") is None
    # the call of a name, a meeting or a strike is no judgement of the claim
    assert quote_frame("", "Fans called the stadium 'the fortress'.", "",
                       "The stadium holds 40,000 fans.") is None


def test_neighbourhood() -> None:
    text = "First one here. The middle sentence is this one. Last one there."
    passage = Evidence(doc_id="d", text=text, start=0, end=len(text))
    mid = text.index("The middle")
    end = text.index("one.", mid) + 4
    span = Evidence(doc_id="d", start=mid, end=end, text=text[mid:end])
    before, after = neighbourhood(span, [passage])
    assert before is not None and before.text == "First one here."
    assert after is not None and after.text == "Last one there."
