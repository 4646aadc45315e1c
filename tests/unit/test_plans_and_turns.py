"""Rules for planted errors of a fresh probe set, each with the faithful twin it must let
through: a plan stated as done, opposite verdicts, a doubter's claim inside the sentence, a
chat transcript as the question, an echo reply ("It is."), wh-questions answered by a bare
value, and predicates of one meaning ("came out" / "released")."""

from __future__ import annotations

import pytest

from certirag.bound import binding_finding
from certirag.checks import check_claim
from certirag.claims.answers import yes_no_polarity, yes_no_statement
from certirag.claims.extract import extract_claims
from certirag.claims.fragments import fragment_statement
from certirag.text.frames import quote_frame
from certirag.text.turns import asked


def codes(claim: str, evidence: str | list[str]) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence] if isinstance(evidence, str)
                                        else evidence)]


MARS = ("Engineers reported that the infrared spectrometer failed to switch on last week. "
        "The team hopes to restore the spectrometer with a software update.")
DEAL = "The deal is expected to complete in the first quarter of next year."
FLOOD = "The regional government has requested emergency funding from the federal government."
DIVIDEND = ("The board proposed a dividend of $1.20 per share, which shareholders will vote on "
            "at the annual meeting in May.")
TWO_FA = ("We're rolling out two-factor authentication (2FA) for all business accounts, and it "
          "will become mandatory on 1 September. Until then, 2FA is optional.")


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    # stated as done: a finding, whichever sentence the claim shares most words with
    ("Engineers have restored the spectrometer with a software update.", MARS,
     ["hedge_mismatch"]),
    ("The deal completed in the first quarter.", DEAL, ["hedge_mismatch"]),
    ("The federal government has provided emergency funding.", FLOOD, ["hedge_mismatch"]),
    ("The drug has been approved in the EU.",
     "The maker has applied for approval of the drug in the EU.", ["hedge_mismatch"]),
    # the plan restated, a future, or a plan the evidence says was carried out
    ("The team hopes to restore the spectrometer with a software update.", MARS, []),
    ("The deal will complete in the first quarter.", DEAL, []),
    ("The region has requested emergency funding.", FLOOD, []),
    ("The team restored the spectrometer with a software update.",
     MARS + " On Monday the team restored the spectrometer with a software update.", []),
    # an act in progress, or a thing preferred, is not stated as done
    ("The deputy head was restraining the boy when she fell.",
     "The deputy head was trying to restrain the boy when she fell.", []),
    ("Lib Dem voters prefer a window seat on a plane.",
     "Lib Dem voters tend to request a window seat on a plane.", []),
    ("The Riverside Museum reopened on 3 June.",
     "The Riverside Museum will reopen on 3 June after a refurbishment.", ["hedge_mismatch"]),
    ("The Riverside Museum reopens on 3 June.",
     "The Riverside Museum will reopen on 3 June after a refurbishment.", []),
    ("The Riverside Museum is due to reopen on 3 June.",
     "The Riverside Museum will reopen on 3 June after a refurbishment.", []),
    # a proposal is no decision; a state that will begin does not hold now
    ("Shareholders have approved a dividend of $1.20 per share.", DIVIDEND,
     ["hedge_mismatch"]),
    ("The board proposed a dividend of $1.20 per share.", DIVIDEND, []),
    ("2FA is now mandatory for all business accounts.", TWO_FA, ["hedge_mismatch"]),
    ("2FA will become mandatory for business accounts on 1 September.", TWO_FA, []),
    ("2FA is now mandatory for business accounts.",
     TWO_FA + " Since 1 September, 2FA is mandatory for business accounts.", []),
])
def test_a_plan_is_not_a_deed(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("The tribunal upheld her discrimination claim.",
     "The tribunal dismissed her discrimination claim.", "polarity_mismatch"),
    ("Wrona has agreed to step aside during the review.",
     "Wrona has refused to step aside during the review.", "polarity_mismatch"),
    ("The bank cut its benchmark rate to 4.25%.",
     "The bank held its benchmark rate at 4.25% on Wednesday.", "polarity_mismatch"),
    ("The board approved the merger.", "The board rejected the merger.", "polarity_mismatch"),
    ("Clause 12 ceases to apply on termination.", "Clause 12 survives termination.",
     "polarity_mismatch"),
    ("The licence expires when the Agreement ends.",
     "The licence survives when the Agreement ends.", "polarity_mismatch"),
])
def test_opposite_verdicts(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)
    # the same verdict in other words passes
    assert codes(evidence, evidence) == []


def test_a_rate_held_is_a_rate_left_unchanged() -> None:
    assert codes("The bank left its rate unchanged at 4.25%.",
                 "The bank held its benchmark rate at 4.25% on Wednesday.") == []


@pytest.mark.parametrize(("claim", "framed"), [
    ("The contract was awarded without a competitive tender.", True),
    ("Achebe claimed the contract was awarded without a tender.", False),  # reports it
    ("A lawsuit alleges that the contract was awarded without a tender.", False),
    ("Officials are investigating whether the contract was awarded without a tender.", False),
])
def test_a_doubters_claim_inside_the_sentence(claim: str, framed: bool) -> None:
    sentence = "Achebe claimed that the contract had been awarded without a competitive tender."
    assert (quote_frame("", sentence, "", claim) is not None) is framed
    # a neutral report frames nothing
    assert quote_frame("", "The firm said that profits rose 4%.", "", "Profits rose 4%.") is None


@pytest.mark.parametrize(("question", "expected"), [
    ("[Human]: Is the Volta X2 waterproof?", "Is the Volta X2 waterproof?"),
    ("[Human]: I loved Arrival. [Assistant]: Me too! [Human]: Anything else by him?",
     "I loved Arrival. Anything else by him?"),
    ("User: hi\nAssistant: hello\nUser: What is the fee?", "hi What is the fee?"),
    ("What is the fee?", "What is the fee?"),
    ("Ratio: 3:1, or what?", "Ratio: 3:1, or what?"),
])
def test_speaker_tags_are_no_part_of_the_question(question: str, expected: str) -> None:
    assert asked(question) == expected


def test_an_it_never_names_a_speaker_tag() -> None:
    claims = extract_claims("It is.", question="[Human]: Is the Volta X2 waterproof?")
    assert [c.text for c in claims] == ["The Volta X2 is waterproof."]
    claims = extract_claims("Kazuo Ishiguro directed it.",
                            question="[Human]: Who made The Remains of the Day?")
    assert "Human" not in claims[0].text


@pytest.mark.parametrize(("reply", "polarity"), [
    ("It is.", True), ("They don't.", False), ("It's not.", False), ("She did not.", False),
    ("It is waterproof.", None), ("It's great.", None),
])
def test_an_echo_reply_is_a_yes_or_a_no(reply: str, polarity: bool | None) -> None:
    assert yes_no_polarity(reply) is polarity


@pytest.mark.parametrize(("question", "fragment", "statement"), [
    ("Where was Marta Kowalski born?", "Warsaw.", "Marta Kowalski was born in Warsaw."),
    ("When did Abbey Road come out?", "1970.", "Abbey Road did come out in 1970."),
    ("When was the Eiffel Tower built?", "In 1889", "The Eiffel Tower was built in 1889."),
    ("When did Marie Curie die?", "4 July 1934", "Marie Curie did die on 4 July 1934."),
    ("How much is express?", "£4.99.", "Express is £4.99."),
    ("How much does the Pro plan cost?", "$12", "The Pro plan costs $12."),
    ("How long do international orders take?", "3–5 working days.",
     "International orders take 3–5 working days."),
    ("How long does the battery last?", "About 10 hours", "The battery lasts about 10 hours."),
    ("How high is the Kestrel Dam?", "1,120 metres.", "The Kestrel Dam is 1,120 metres high."),
    ("Which is longer, the Rhone Tunnel or the Alder Tunnel?", "The Rhone Tunnel.",
     "The Rhone Tunnel is longer than the Alder Tunnel."),
    ("Who is older, Ana or Ben?", "Ben", "Ben is older than Ana."),
    ("Which is longer, the Rhone Tunnel or the Alder Tunnel?", "Neither", None),
    # shapes that do not read safely stay unread
    ("When is the Leeds office open?", "Mondays", None),
    ("When is the office open?", "9am to 5pm", None),
])
def test_a_bare_value_to_a_wh_question(question: str, fragment: str,
                                       statement: str | None) -> None:
    assert fragment_statement(question, fragment) == statement


ALBUMS = "Abbey Road was released in 1969. Let It Be was released in 1970."


@pytest.mark.parametrize("claim", ["Abbey Road came out in 1970.",
                                   "Abbey Road was issued in 1970."])
def test_one_predicate_in_other_words_binds_its_own_value(claim: str) -> None:
    finding = binding_finding(claim, [ALBUMS])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding(claim.replace("1970", "1969"), [ALBUMS]) is None


def test_a_bare_name_after_the_question_is_a_name() -> None:
    assert "ungrounded_entity" in codes("Where was Marta Kowalski born? Krakow",
                                        "Marta Kowalski was born in Gdansk.")
    assert codes("Which team is he on now? He's with Inter Miami CF",
                 "Lionel Messi plays for Inter Miami CF.") == []


FILMS = ("The Remains of the Day is written by Kazuo Ishiguro. The Remains of the Day is "
         "directed by James Ivory. The Martian stars Matt Damon.")
VIADUCT = "The Harlow Viaduct was designed by Edith Marsh and built by Cole & Sons."
LOGO = "The Kestrel logo was approved by Omar Haddad and designed by Lena Fischer."
BRIDGE = ("The 420-metre bridge was designed by the Danish firm Holm & Vinter and built by the "
          "local contractor Saxby Construction.")
HARBOUR = ("Harbour of Glass - directed by - Tomasz Wielgus Harbour of Glass - written by - "
           "Mira Okafor")


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("Kazuo Ishiguro directed The Remains of the Day.", FILMS, ["relation_mismatch"]),
    ("Matt Damon wrote The Martian.", FILMS, ["relation_mismatch"]),
    ("Greta Gerwig stars in Little Women.", "Little Women is directed by Greta Gerwig.",
     ["relation_mismatch"]),
    ("The Harlow Viaduct was built by Edith Marsh.", VIADUCT, ["relation_mismatch"]),
    # the credit the evidence gives, in other words or in a list of two
    ("Kazuo Ishiguro wrote The Remains of the Day.", FILMS, []),
    ("Matt Damon starred in The Martian.", FILMS, []),
    ("The Harlow Viaduct was built by Cole & Sons.", VIADUCT, []),
    ("Greta Gerwig directed Little Women.",
     "Little Women is written and directed by Greta Gerwig.", []),
    # no credit between the names in the evidence: nothing to compare
    ("Greta Gerwig directed Little Women.", "Greta Gerwig's Little Women opened in May.", []),
    # an approval, a commission, funding: relations a credit is not
    ("The Kestrel logo was designed by Omar Haddad.", LOGO, ["relation_mismatch"]),
    ("Omar Haddad designed the Kestrel logo.", LOGO, ["relation_mismatch"]),
    ("Lena Fischer designed the Kestrel logo.", LOGO, []),
    ("Omar Haddad approved the Kestrel logo.", LOGO, []),
    ("The Wellcome Trust funded the Harlow Study.",
     "The Harlow Study was commissioned by the Wellcome Trust.", ["relation_mismatch"]),
    # one name and a thing that is none: the credit the evidence gives the name
    ("The bridge was built by Holm & Vinter.", BRIDGE, ["relation_mismatch"]),
    ("Holm & Vinter built the bridge.", BRIDGE, ["relation_mismatch"]),
    ("The bridge was designed by Holm & Vinter.", BRIDGE, []),
    ("Saxby Construction built the bridge.", BRIDGE, []),
    ("Holm & Vinter, who designed the bridge, is Danish.", BRIDGE, []),
    ("It was written by Tomasz Wielgus.", HARBOUR, ["relation_mismatch"]),
    ("Tomasz Wielgus directed it.", HARBOUR, []),
])
def test_a_credit_given_to_the_wrong_relation(claim: str, evidence: str,
                                             expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


ALBUM = ("Beyoncé is married to Jay-Z. Jay-Z founded Roc Nation. Beyoncé released the album "
         "Lemonade.")


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    # the evidence gives the work's credit to another name, and never names the claim's
    # two together
    ("Jay-Z released Lemonade, his wife Beyoncé is on it.", ALBUM, ["relation_mismatch"]),
    ("Tom Hanks directed Memento.", "Memento was directed by Christopher Nolan. Tom Hanks "
     "starred in Big.", ["relation_mismatch"]),
    ("Beyoncé released Lemonade.", ALBUM, []),
    # a name is a word of its own: "Berg" is not named in "Bergen"
    ("Tomas Berg recorded Salt Lines.", "Tomas Berg plays drums in Harrow. Lina Moe recorded "
     "the album Salt Lines in Bergen.", ["relation_mismatch"]),
    # a title or a noun is no credit: "sporting director", "Former Arsenal star"
    ("Former Arsenal star Ellen White scored twice.", "Ellen White scored twice for Notts "
     "County. Former Arsenal striker Kim Little starred for Scotland.", []),
    ("American rapper Trina released Still Da Baddest.", "Still Da Baddest is an album by "
     "Trina. Keyshia Cole released the single.", []),
    # named together elsewhere, or a credit of a name between them: not this rule's
    ("Beyoncé released Lemonade.", "Lemonade is a 2016 album. It was released by Beyoncé "
     "and Columbia Records.", []),
    ("Christopher Nolan directed Memento, starring Guy Pearce.",
     "Memento is a 2000 film directed by Christopher Nolan. Memento stars Guy Pearce.", []),
])
def test_a_credit_the_evidence_gives_another_name(claim: str, evidence: str,
                                                  expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


GIFTS = ("Employees may accept gifts from suppliers with a value of up to £50 without "
         "approval. Cash or vouchers must never be accepted, whatever their value.")


@pytest.mark.parametrize(("claim", "expected"), [
    # permitted by the sentence about gifts, barred by the one about vouchers
    ("You may accept vouchers worth up to £50 without approval.", ["modal_mismatch"]),
    ("You may accept gifts worth up to £50 without approval.", []),
    # "must never" prohibits: a claim that forbids it too is faithful
    ("You cannot accept cash from a supplier.", []),
    ("Vouchers must never be accepted.", []),
])
def test_a_permission_another_sentence_bars(claim: str, expected: list[str]) -> None:
    assert codes(claim, GIFTS) == expected


DOSE = ("If you miss a dose, take it as soon as you remember, unless it is nearly time for the "
        "next dose.")


@pytest.mark.parametrize(("claim", "expected"), [
    ("Take the missed dose as soon as you remember, even if your next dose is nearly due.",
     ["qualifier_dropped"]),
    ("Take the missed dose as soon as you remember, unless the next dose is nearly due.", []),
])
def test_even_if_is_no_exception(claim: str, expected: list[str]) -> None:
    assert codes(claim, DOSE) == expected


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("Teralink is about twice the size of Corvane.", "Teralink is about half Corvane's size.",
     ["ungrounded_figure"]),
    ("Prices tripled last year.", "Prices doubled last year.", ["ungrounded_figure"]),
    ("Prices doubled last year.", "Prices rose twofold last year, twice as fast as wages.", []),
    ("Teralink is half the size of Corvane.", "Teralink is half the size of Corvane.", []),
    # a share is no ratio
    ("Half of the staff work at home.", "Two thirds of the staff work at home, twice the "
     "share of 2019.", []),
])
def test_a_ratio_in_words(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


def test_a_why_question_states_no_cause() -> None:
    evidence = ["Halvorsen's shares fell 3.5% in Oslo trading after the results."]
    claim = "Halvorsen's shares fell 3.5% because job cuts alarmed investors."
    found = [f.code for f in check_claim(claim, evidence,
                                         question="Why did Halvorsen shares fall?")]
    assert found == ["ungrounded_cause"]
    # a question that names a cause grants it to be asked about
    assert check_claim(claim, evidence, question="Did job cuts cause the fall?") == []


@pytest.mark.parametrize(("question", "statement"), [
    ("Is redundancy a valid reason to cancel?", "Redundancy is a valid reason to cancel."),
    ("Are all of Meridian's instruments working?",
     "All of Meridian's instruments are working."),
    ("Is support available at weekends?", "Support is available at weekends."),
])
def test_a_yes_keeps_the_subject_whole(question: str, statement: str) -> None:
    assert yes_no_statement(question, True) == statement


@pytest.mark.parametrize(("sentence", "opinion"), [
    ("Totally worth it!", True), ("Well worth a watch.", True),
    ("The house is worth £300,000.", False),
    ("Super creepy, I loved it!", True), ("Such a great Beatles record!", True),
    ("Such a good deal at £5 a month.", False),
    ("Enjoy!", True), ("Safe travels!", True), ("Sorry to hear that!", True),
    ("Enjoy the 20% discount!", False), ("Sorry to hear that the Leeds office closed.", False),
])
def test_a_bare_verdict_is_an_opinion(sentence: str, opinion: bool) -> None:
    claims = extract_claims(sentence)
    assert (claims[0].kind == "not_a_claim") is opinion


def test_a_heads_up_is_a_frame() -> None:
    claims = extract_claims("Heads up, it only works for 30 minutes.")
    assert [c.text for c in claims] == ["It only works for 30 minutes."]


WARRANTY = ("The Volta X2 warranty covers manufacturing defects for two years from the date "
            "of purchase. Accidental damage, such as drops and liquid spills, is not covered. "
            "Extended cover for accidental damage can be bought separately for £49.")
PLANS = ("Flood damage is not covered by the basic plan. Flood damage is covered by the "
         "premium plan.")


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    # the sentence about defects shares most words; the one about damage denies it
    ("Your warranty covers accidental damage for two years.", WARRANTY,
     ["negation_mismatch"]),
    ("Your warranty covers manufacturing defects for two years.", WARRANTY, []),
    ("Accidental damage is not covered.", WARRANTY, []),
    ("Flood damage is covered by the premium plan.", PLANS, []),
])
def test_a_denial_in_another_sentence(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


SHIPPING = "Standard shipping costs £4.99. Express shipping costs £9.99."


def test_a_subject_of_two_words_keeps_its_own_value() -> None:
    # "is" where the evidence says "costs": the sentence that says both of the claim's
    # words gives the other value
    finding = binding_finding("Express shipping is £4.99.", [SHIPPING])
    assert finding is not None and finding.code == "unbound_anchors"
    assert binding_finding("Standard shipping is £4.99.", [SHIPPING]) is None


def test_a_negation_in_a_relative_clause_denies_nothing() -> None:
    evidence = ("Landlords must lodge a deposit within ten working days. A landlord who fails "
                "to lodge the deposit may be ordered to pay three times the deposit.")
    assert codes("A landlord has ten working days to lodge the deposit.", evidence) == []


@pytest.mark.parametrize(("sentence", "greeting"), [
    ("Well done to the Falcons!", True), ("Happy to summarise!", True),
    ("Enjoy your new vacuum!", True), ("Hi there!", True),
    ("Congratulations to Ana on her 2024 win!", False), ("Enjoy your 20% discount!", False),
])
def test_wishes_and_congratulations(sentence: str, greeting: bool) -> None:
    assert (extract_claims(sentence)[0].kind == "not_a_claim") is greeting


def test_an_amendment_defeated_was_not_passed() -> None:
    assert codes("The amendment was passed by 22 votes to 17.",
                 "The amendment was defeated by 22 votes to 17.") == ["polarity_mismatch"]


@pytest.mark.parametrize(("question", "answer", "claim"), [
    ("[Human]: I'm listening to Abbey Road on vinyl. [Human]: When did it come out?",
     "If I recall correctly, it came out in 1970.", "Abbey Road came out in 1970."),
    ("[Human]: Parasite blew my mind. [Human]: When did it come out?",
     "It came out in 2019.", "Parasite came out in 2019."),
])
def test_the_asker_names_what_it_is(question: str, answer: str, claim: str) -> None:
    assert [c.text for c in extract_claims(answer, question=question)] == [claim]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("He has been married three times.", "This is his third marriage."),
    ("Bookmakers are taking bets on records being broken this summer.",
     "Bookmakers expect that records will be broken this summer."),
])
def test_a_count_is_no_ratio_and_a_passive_future_no_deed(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("What English level is required? B2", "Applicants must speak English to level B1.",
     ["ungrounded_entity"]),
    ("Applicants need English at level B1.", "Applicants must speak English to level B1.", []),
    ("It is on the M25.", "The depot is on the M6.", ["ungrounded_entity"]),
])
def test_a_code_of_letters_and_digits(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


@pytest.mark.parametrize(("question", "fragment", "statement"), [
    # a "who" question of more than eight words keeps the question-and-answer form: read
    # as a statement, HaluEval's multi-hop questions lose P(entailment) ("Who founded the
    # branch of Protestantism practiced in …?" 0.12)
    ("Who made the protected disclosure in Harlow v Penrith?", "Penrith Logistics.", None),
    ("How many Reception places does Larkfield have?", "20.",
     "Larkfield has 20 Reception places."),
    ("At what age is the booster given?", "12 weeks.", "The booster is given at 12 weeks."),
    # a multi-hop question keeps the question-and-answer form
    ("Who directed the film that starred Tom Hanks and Meg Ryan?", "Nora Ephron", None),
])
def test_a_bare_value_to_a_simple_question(question: str, fragment: str,
                                          statement: str | None) -> None:
    assert fragment_statement(question, fragment) == statement


def test_a_claim_that_places_both_values_itself_is_no_swap() -> None:
    evidence = ("The employer will contribute 5% of salary to the pension scheme if the "
                "employee contributes at least 3%.")
    assert codes("If the employee puts in at least 3% of salary, the company adds 5% to the "
                 "pension.", evidence) == []


def test_a_colon_ratio_turned_round() -> None:
    evidence = "Patients were randomised 3:1 to tirnavumab or placebo."
    assert codes("Patients were randomised 1:3 to tirnavumab or placebo.", evidence) == [
        "ungrounded_figure"]
    assert codes("Patients were randomised 3:1 to tirnavumab or placebo.", evidence) == []


def test_as_many_as_is_up_to() -> None:
    assert codes("You can split the leave into as many as three blocks.",
                 "You can split the leave into up to three blocks.") == []
    assert codes("You can split the leave into three blocks.",
                 "You can split the leave into as many as three blocks.") == ["qualifier_dropped"]


def test_exempt_from_is_need_not() -> None:
    evidence = ("Those who are nationals of a majority English-speaking country do not need to "
                "prove their English.")
    assert codes("Nationals of a majority English-speaking country are exempt from proving "
                 "their English.", evidence) == []
    assert codes("Nationals of a majority English-speaking country must prove their English.",
                 evidence) == ["modal_mismatch"]


def test_a_pronoun_answers_the_question_asked_last() -> None:
    chat = ("[Human]: Have you seen Harbour of Glass? [Assistant]: I know of it — a 2019 "
            "drama. [Human]: What else can you tell me about Tomasz Wielgus's involvement?")
    texts = [c.text for c in extract_claims("He wrote Harbour of Glass.", question=chat)]
    assert texts == ["Tomasz Wielgus wrote Harbour of Glass."]
    # a last question with no name leaves the pronoun to the earlier one
    texts = [c.text for c in extract_claims("It was released in 2019.",
                                            question="I love Harbour of Glass. When did it "
                                                     "come out?")]
    assert texts == ["Harbour of Glass was released in 2019."]
    # a last question that asks about someone by a pronoun: the name before it
    chat = ("[Human]: Who's your favourite player? [Human]: Messi. Does he play in Major "
            "League Soccer?")
    texts = [c.text for c in extract_claims("No, he doesn't play in Major League Soccer.",
                                            question=chat)]
    assert texts == ["Messi doesn't play in Major League Soccer."]


@pytest.mark.parametrize(("answer", "second"), [
    ("Tomasz Wielgus wrote Harbour of Glass, which starred Dev Lanning and came out in 2019.",
     "Harbour of Glass came out in 2019."),
    ("Tom met Anna Berg, who runs the Oslo office and joined in 2015.",
     "Anna Berg joined in 2015."),
    ("Marie Curie was born in Warsaw and died in 1934.", "Marie Curie died in 1934."),
])
def test_a_verb_after_a_relative_clause_is_said_of_its_antecedent(answer: str,
                                                                   second: str) -> None:
    assert [c.text for c in extract_claims(answer)][1] == second
