"""More faithful paraphrases of summaries (checks v3): a number spelled inside a compound
("six-year-old"), "a second man", a fraction for a percentage (either way), a rounded big
figure, "upwards of" for "more than", "the lead-up to" (no bound), a negation the evidence
states in other words ("failed to", "is yet to") or elsewhere, roles and prefixes before
names, short names of parties, places and US states, "University of X" for "X University", a
generic noun after a name ("Labour MPs"), "might" for "may", a feast day's weekday ("Easter
Sunday"), and a pronoun after a possessive subject. Each passes the deterministic check and
the binding rule, and each has a twin with a planted error that is still caught."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims

from .paraphrase_support import assert_paraphrase_passes_and_twin_is_caught, codes

# (claim, evidence, the planted-error twin of the claim, the code that twin must get)
CASES: list[tuple[str, str, str, str]] = [
    # a spelled number before a unit is a number
    ("The 6-year-old was shopping with her mother.",
     "A six-year-old girl was shopping with her mother at the mall.",
     "The 7-year-old was shopping with her mother.", "ungrounded_figure"),
    ("Martha, aged 10, had been paddling in the water.",
     "Ten-year-old Martha had been paddling in the water when she was swept out.",
     "Martha, aged 11, had been paddling in the water.", "ungrounded_figure"),
    # "a second man" is an ordinal, not one second
    ("Second man, 61, arrested on suspicion of conspiracy.",
     "Police said a second man, aged 61, had been arrested on suspicion of conspiracy.",
     "Third man, 61, arrested on suspicion of conspiracy.", "ungrounded_figure"),
    # a fraction of the evidence is a percentage of the claim
    ("Christians will decline from 75% of the population.",
     "Christians will decline from three quarters of the population in 2010.",
     "Christians will decline from 70% of the population.", "ungrounded_figure"),
    # and a fraction of the claim a percentage of the evidence; an ordinal stays one
    ("Sales rose by a fifth last year.", "Sales rose by 20 per cent last year.",
     "Sales rose by a quarter last year.", "ungrounded_figure"),
    ("A quarter of staff left in March.", "Some 25% of staff left in March.",
     "A fifth of staff left in March.", "ungrounded_figure"),
    ("She won a fifth title in 2019.", "In 2019 she won her fifth title.",
     "She won a sixth title in 2019.", "ungrounded_figure"),
    # a big figure rounded to the digits the claim gives
    ("She was ordered to pay £3.35 quadrillion.",
     "A letter asked the woman for £3,351,978,728,190,661.",
     "She was ordered to pay £3.36 quadrillion.", "ungrounded_figure"),
    ("The company had 3.5 million customers.", "The company had 3,512,000 customers.",
     "The company had 3.6 million customers.", "ungrounded_figure"),
    # "upwards of" is "more than"; "the lead-up to" bounds nothing
    ("Temperatures can reach upwards of 50 degrees.",
     "Temperatures in the region can reach more than 50 degrees.",
     "Temperatures can reach upwards of 60 degrees.", "ungrounded_figure"),
    ("The visit comes in the lead-up to the 100th anniversary.",
     "The visit comes as the nation counts down to the 100th anniversary.",
     "The visit comes in the lead-up to the 90th anniversary.", "ungrounded_figure"),
    # "is yet to be", "failed to": negations without a negative word
    ("The owner's identity is yet to be revealed.",
     "The owner, whose identity has not been revealed, was fined.",
     "The owner's identity has been revealed.", "negation_mismatch"),
    ("The striker did not score in the final.", "The striker failed to score in the final.",
     "The striker scored in the final.", "negation_mismatch"),
    # "Not even X has …" denies the verb after the stressed subject
    ("The coach has not seen the new plan.", "Not even the coach has seen the new plan.",
     "The coach has seen the new plan.", "negation_mismatch"),
    # an age is the person's, not the noun's next to it
    ("The 59-year-old is one of the most remote officers.",
     "The 59-year-old has spent 40 years as an officer.",
     "The 58-year-old is one of the most remote officers.", "ungrounded_figure"),
    # a role or a prefix before a name
    ("Comedian Maria McErlane travelled with a friend.",
     "Maria McErlane travelled to Malaysia with a friend.",
     "Comedian Maria McErlain travelled with a friend.", "ungrounded_entity"),
    ("Ex-White House aides said it was inconceivable.",
     "According to former White House aides this is inconceivable.",
     "Ex-Pentagon aides said it was inconceivable.", "ungrounded_entity"),
    ("Anti-Assad activist found dead.",
     "Arwani, an opponent of Syrian President Bashar al-Assad, was found dead.",
     "Anti-Sisi activist found dead.", "ungrounded_entity"),
    ("Brazilian President Dilma Rousseff is struggling with a downturn.",
     "Brazilians lash out against President Dilma Rousseff as she struggles with a downturn.",
     "Brazilian President Michel Temer is struggling with a downturn.", "ungrounded_entity"),
    ("Climbing permits rose on the Tibetan and Nepalese sides.",
     "More climbers will go to Tibet than Nepal, and permits rose on both sides.",
     "Climbing permits rose on the Tibetan and Bhutanese sides.", "ungrounded_entity"),
    ("World Cup Final trophies are among the most prestigious in the sport.",
     "The World Cup Finals are among the most prestigious titles; the finals are in Vegas.",
     "World Cup Semifinal trophies are among the most prestigious in the sport.",
     "ungrounded_entity"),
    ("The Londoner's family has been told.",
     "Kyle Knox, from London, was last seen on March 31.",
     "The Mancunian's family has been told.", "ungrounded_entity"),
    # short names of parties and places
    ("The Tories have overseen a jobs boom.", "The Conservatives have overseen a jobs boom.",
     "The Greens have overseen a jobs boom.", "ungrounded_entity"),
    ("He patrols Birdsville in QLD.", "He patrols Birdsville in far south-west Queensland.",
     "He patrols Birdsville in NSW.", "ungrounded_entity"),
    # a press label is no name
    ("EXCLUSIVE: Punters are backing the party.", "Punters are backing the party.",
     "EXCLUSIVE: Punters are backing the Greens.", "ungrounded_entity"),
    # a number's label ("No 81") and an opening adverb are no part of a name
    ("New England Patriots No 81 is starting a whole life term.",
     "The former New England Patriots star is no longer No 81 and is starting a whole life "
     "term.", "New England Patriots No 82 is starting a whole life term.",
     "ungrounded_figure"),
    ("Eventually Wilcox surrendered to Kidder.",
     "Kidder chased Michael Wilcox. Wilcox surrendered to Kidder after a chase.",
     "Eventually Wilson surrendered to Kidder.", "ungrounded_entity"),
    # nicknames of nations, press abbreviations of US states
    ("The Aussie began the company in a flat.",
     "The Australian entrepreneur began the company in a flat.",
     "The Kiwi began the company in a flat.", "ungrounded_entity"),
    ("Sara Martin, from Lititz, Pa., had not spoken for weeks.",
     "Sara Martin, from Lititz, Pennsylvania, had not spoken for weeks.",
     "Sara Martin, from Lititz, Ohio, had not spoken for weeks.", "ungrounded_entity"),
    # "University of X" is "X University"; a generic noun after a name adds no name
    ("Scientists at the University of Warwick studied the bodies.",
     "Professor Mark Pallen, a geneticist at Warwick University, studied the bodies.",
     "Scientists at the University of Leeds studied the bodies.", "ungrounded_entity"),
    ("The Moose Toys Headquarters is in Melbourne.", "The Moose Toys HQ is in Melbourne.",
     "The Lego Headquarters is in Melbourne.", "ungrounded_entity"),
    ("The SNP could work with Labour MPs without a pact.",
     "The SNP leader said she would work with Labour backbenchers without a formal pact.",
     "The SNP could work with Tory MPs without a pact.", "ungrounded_entity"),
    ("A future Conservative Government would stop the abuse.",
     "Ending the abuse will be a priority if the Conservatives are re-elected, the "
     "government said.", "A future Labour Government would stop the abuse.",
     "ungrounded_entity"),
    # a possibility stated with another modal verb is no hedge the evidence lacks
    ("Pennsylvania scientists find evidence that we might not be alone.",
     "Pennsylvania scientists have found evidence that we may not be alone.",
     "Scientists in Ohio find evidence that we might not be alone.", "ungrounded_entity"),
    ("Wray could be disciplined by Utah State University.",
     "Utah State University could also discipline, suspend or expel Wray.",
     "Wray could be disciplined by Boise State University.", "ungrounded_entity"),
    ("Rios is the CEO of Go Ape Marketing.", "Rios, who runs Go Ape Marketing, posted it.",
     "Rios is the CEO of Go Bananas Marketing.", "ungrounded_entity"),
    ("The Amazon CEO was seen taking pictures.", "The Amazon boss was seen taking pictures.",
     "The Google CEO was seen taking pictures.", "ungrounded_entity"),
    # a role before a full name; two names side by side ("Loganair Aberdeen to Shetland")
    ("Photographer Ranajit Roy spent five minutes taking the photographs.",
     "Photographer and student Ranajit Roy spent five minutes taking pictures.",
     "Photographer Ranajit Ray spent five minutes taking the photographs.",
     "ungrounded_entity"),
    ("The Loganair Aberdeen to Shetland flight was struck by lightning.",
     "The Loganair flight from Aberdeen to Shetland was struck by lightning.",
     "The Flybe Aberdeen to Shetland flight was struck by lightning.", "ungrounded_entity"),
    # "TV" is a common noun; "Easter Sunday" is a Sunday
    ("The role is the first for an ethnic minority actor in the TV show.",
     "Manjinder Virk will play a pathologist in the ITV police drama, the first such role.",
     "The role is the second for an ethnic minority actor in the TV show.",
     "ungrounded_figure"),
    ("A man was found dead around 5 p.m. on Sunday.",
     "A gunshot created panic on Easter Sunday. A man was found dead around 5 p.m. near the "
     "buffet.", "A man was found dead around 5 p.m. on Monday.", "ungrounded_date"),
]


@pytest.mark.parametrize(("claim", "evidence", "twin", "code"), CASES)
def test_the_paraphrase_passes_and_its_twin_is_caught(claim: str, evidence: str, twin: str,
                                                      code: str) -> None:
    assert_paraphrase_passes_and_twin_is_caught(claim, evidence, twin, code)


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # a negation the evidence states nowhere, in one sentence or in several
    ("Hannibal pleaded not guilty.", "Hannibal pleaded guilty to supplying the pills.",
     "negation_mismatch"),
    ("Hannibal pleaded not guilty to supplying the pills.",
     "Hannibal pleaded guilty to supplying the pills. Forti pleaded not guilty to three "
     "counts.", "negation_mismatch"),
    ("Belinda had the facelift in Turkey.", "Belinda wishes she had never had a facelift.",
     "negation_mismatch"),
    # "a second later" is time, and a rounded figure keeps its magnitude
    ("Second man arrested.", "The car stopped a second later.", "ungrounded_figure"),
    ("The debt is £7 billion.", "The debt is £7.6 billion.", "ungrounded_figure"),
    # "one-off" and "second-hand" are no numbers, "higher than" is a bound
    ("The score is 31 or above.", "A score higher than 31 is great.", "qualifier_mismatch"),
    # two words of a name close together, with common words between, are no name
    ("The castle is in the Hornby Valley.",
     "Hornby Castle stands to the east of the village of Hornby in the Lune Valley.",
     "ungrounded_entity"),
])
def test_planted_errors_are_still_caught(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_not_even_with_a_modal_denies_the_verb() -> None:
    evidence = "Not even the world's strongest man would be able to open a plane door in mid-air."
    assert "negation_mismatch" not in codes(
        "The world's strongest man wouldn't be able to open a door mid-flight.", evidence)


def test_a_negation_stated_in_another_sentence_of_the_same_subject_is_left_to_the_model(
) -> None:
    evidence = ("Rebecca Hannibal has pleaded guilty to supplying the pills. Ms Hannibal had "
                "pleaded not guilty to the supply charge at a previous hearing.")
    assert "negation_mismatch" not in codes(
        "Rebecca Hannibal originally pleaded not guilty to the supply charge.", evidence)
    evidence = ("Belinda wishes she had never had a facelift. Belinda travelled to Turkey to "
                "have the facelift because it was cheaper.")
    assert "negation_mismatch" not in codes("Belinda had the budget facelift in Turkey.",
                                            evidence)


def test_spelled_numbers_in_other_compounds_are_no_figures() -> None:
    evidence = "The second-hand dealer sold a one-off car."
    assert codes("The dealer sold a car.", evidence) == []
    assert codes("The second-hand dealer sold a one-off car.", evidence) == []


def test_a_pronoun_after_a_possessive_subject_names_the_owner() -> None:
    got = extract_claims("Neil Tuckett's newest model is 90 years old. His cars are popular "
                         "with the public.")
    assert [c.text for c in got] == ["Neil Tuckett's newest model is 90 years old.",
                                     "Neil Tuckett's cars are popular with the public."]
